// A request's body on the function's side: the pieces the backend sends, read by the function at its own pace.
import { WINDOW } from './frames.ts';

/** The request body as a stream the function reads at its own pace; what it has read is credited to the backend. */
export class RequestBody {
  #chunks = [];
  #ended = false;
  #wake;
  #controller;
  #unreported = 0;
  #credit;

  constructor(credit) {
    this.#credit = credit;
    this.stream = new ReadableStream(
      {
        start: (controller) => void (this.#controller = controller),
        pull: (controller) => this.#pull(controller),
      },
      { highWaterMark: 0 },
    );
  }

  push(chunk) {
    this.#chunks.push(chunk);
    this.#wakeUp();
  }

  end() {
    this.#ended = true;
    this.#wakeUp();
  }

  fail(error) {
    this.#ended = true;
    try {
      this.#controller.error(error);
    } catch {
      // Already closed or errored.
    }
    this.#wakeUp();
  }

  #wakeUp() {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  #pull(controller) {
    const chunk = this.#chunks.shift();
    if (chunk) {
      controller.enqueue(chunk);
      this.#unreported += chunk.length;
      if (this.#unreported >= WINDOW / 2) {
        this.#credit(this.#unreported);
        this.#unreported = 0;
      }
      return;
    }
    if (this.#ended) return controller.close();
    return new Promise((resolve) => (this.#wake = resolve)).then(() => this.#pull(controller));
  }
}
