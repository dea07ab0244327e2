// Lighthouse simulates a mid-range phone by multiplying the CPU time it observed on the host by a fixed 4×, which
// assumes a host of a given speed. Its documentation asks for a multiplier calibrated to the host instead, from the
// benchmark index it measures at the start of each run: a slower host needs less slowdown to look like the same phone,
// a faster one more. These are the bands of Lighthouse's CPU throttling calculator.

export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + Math.max(0, benchmarkIndex - 150) / 650;
}
