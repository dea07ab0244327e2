// Performance marks the planner sets (User Timing), so browser tools and the benchmark can tell when its data
// arrived and when its grid first reached the screen.

export const PLANNER_MARKS = {
  dataLoaded: 'planner:data-loaded',
  gridPainted: 'planner:grid-painted',
} as const;

export function markNow(name: string): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name);
}

/** Marks once the frame now being prepared has been painted: a task queued from the frame's callback runs after it. */
export function markAfterPaint(name: string): () => void {
  if (typeof requestAnimationFrame === 'undefined') return () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => markNow(name));
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
