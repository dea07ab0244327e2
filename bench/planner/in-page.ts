// What the browser figures run inside the page. Each function is sent to the page as its source, so it may use
// nothing from outside itself.

export interface ScrollResult {
  /** Milliseconds between consecutive frames while scrolling. */
  intervals: number[];
  /** The most elements the document held at any sampled frame. */
  maxElements: number;
  /** How far the scroller moved, in pixels. */
  travelled: number;
}

/** Scrolls the element a fixed distance every frame, as a smooth scroll does, timing each frame. */
export function scrollFrames(options: {
  selector: string;
  axis: 'x' | 'y';
  pixelsPerFrame: number;
  frames: number;
}): Promise<ScrollResult> {
  const scroller = document.querySelector<HTMLElement>(options.selector)!;
  const position = () => (options.axis === 'y' ? scroller.scrollTop : scroller.scrollLeft);
  const from = position();
  return new Promise((resolve) => {
    const intervals: number[] = [];
    let maxElements = 0;
    let last = 0;
    const step = (now: number) => {
      if (last > 0) intervals.push(now - last);
      last = now;
      if (intervals.length % 10 === 0) maxElements = Math.max(maxElements, document.getElementsByTagName('*').length);
      if (intervals.length >= options.frames) {
        resolve({ intervals, maxElements, travelled: Math.abs(position() - from) });
        return;
      }
      if (options.axis === 'y') scroller.scrollTop += options.pixelsPerFrame;
      else scroller.scrollLeft += options.pixelsPerFrame;
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}

/** Resolves once the page has drawn 30 frames in a row on time (at most after 5 s): nothing left from loading. */
export function settle(): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    let quiet = 0;
    let last = 0;
    const step = (now: number) => {
      quiet = last > 0 && now - last < 20 ? quiet + 1 : 0;
      last = now;
      if (quiet >= 30 || now - started > 5000) resolve();
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}

export interface FirstScreen {
  /** When the planner's data request finished arriving, and how long it took from its start. */
  responseEnd: number;
  requestDuration: number;
  /** When the planner had its data unpacked, and when its grid was first painted. */
  dataLoaded: number;
  gridPainted: number;
}

export function firstScreen(marks: { dataLoaded: string; gridPainted: string }): FirstScreen {
  const request = performance
    .getEntriesByType('resource')
    .filter((entry) => entry.name.includes('/rest/v1/rpc/planner_data'))
    .at(-1) as PerformanceResourceTiming;
  return {
    responseEnd: request.responseEnd,
    requestDuration: request.responseEnd - request.startTime,
    dataLoaded: performance.getEntriesByName(marks.dataLoaded)[0].startTime,
    gridPainted: performance.getEntriesByName(marks.gridPainted)[0].startTime,
  };
}

export interface Opened {
  /** From the click to the next paint after the selector matched. */
  total: number;
  /** The page's data request (React Router's .data fetch) within it. */
  dataRequest: number;
}

/** Follows a link as a click does and resolves, after the next paint, once the selector matches an element. */
export function openByLink(options: { link: string; selector: string }): Promise<Opened> {
  const started = performance.now();
  document.querySelector<HTMLElement>(options.link)!.click();
  return new Promise((resolve) => {
    const done = () => {
      const total = performance.now() - started;
      const request = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= started && entry.name.includes('.data'))
        .at(-1);
      resolve({ total, dataRequest: request ? request.duration : 0 });
    };
    const check = () => {
      if (document.querySelector(options.selector)) requestAnimationFrame(() => setTimeout(done));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}
