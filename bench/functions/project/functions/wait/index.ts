// Answers after one second, without holding the CPU.
Deno.serve(async () => {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return new Response('waited');
});
