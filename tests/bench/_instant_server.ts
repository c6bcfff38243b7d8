/**
 * A vLLM stand-in that answers every chat completion at once with the same small tool call, for
 * the run benchmark. Run as its own process (the benchmark starts it) so that it does not share
 * the client's thread: `deno run --allow-net=127.0.0.1 _instant_server.ts` prints its port.
 *
 * @module
 */

const body = new TextEncoder().encode(JSON.stringify({
  id: "chatcmpl-bench",
  object: "chat.completion",
  created: 1,
  model: "base",
  choices: [{
    index: 0,
    message: {
      role: "assistant",
      content: null,
      tool_calls: [{
        id: "chatcmpl-tool-1",
        type: "function",
        function: { name: "tool_1", arguments: '{"x": 1}' },
      }],
      reasoning_content: null,
    },
    logprobs: null,
    finish_reason: "tool_calls",
    stop_reason: null,
  }],
  usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
}));
const models = new TextEncoder().encode(
  JSON.stringify({ object: "list", data: [{ id: "base", object: "model" }] }),
);
const headers = { "content-type": "application/json" };

const server = Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen({ port }) {
    console.log(port);
  },
}, async (req) => {
  if (req.method === "POST") {
    await req.arrayBuffer();
    return new Response(body, { headers });
  }
  return new Response(models, { headers });
});
await server.finished;
