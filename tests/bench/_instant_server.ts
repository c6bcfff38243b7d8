/**
 * A vLLM stand-in that answers every chat completion at once with the same small tool call, for
 * the run benchmark. Run as its own process (the benchmark starts it) so that it does not share
 * the client's thread: `deno run --allow-net=127.0.0.1 _instant_server.ts [COUNT]` starts COUNT
 * servers (default 1), each a replica on its own port, and prints their ports, one a line.
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

const handler = async (req: Request): Promise<Response> => {
  if (req.method === "POST") {
    await req.arrayBuffer();
    return new Response(body, { headers });
  }
  return new Response(models, { headers });
};

const servers = Array.from(
  { length: Number(Deno.args[0] ?? 1) },
  () => Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler),
);
console.log(servers.map((s) => s.addr.port).join("\n"));
await Promise.all(servers.map((s) => s.finished));
