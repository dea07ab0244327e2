// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
  }
  interface Result {
    requests: { average: number };
    non2xx: number;
    errors: number;
  }
  /** A run: resolves to its result, and reports every response as it arrives. */
  interface Run extends PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, milliseconds: number) => void,
    ): Run;
  }
  export default function autocannon(options: Options): Run;
}
