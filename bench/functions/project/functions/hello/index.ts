// The trivial function of the benchmark, written as a default export so that `deno serve` runs the same handler.
export default {
  fetch(): Response {
    return Response.json({ message: 'Hello World' });
  },
};
