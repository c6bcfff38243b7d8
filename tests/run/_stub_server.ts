/**
 * A small scripted vLLM stand-in for the run tests, until (and besides) the emulator in
 * tests/support: `/v1/models`, `/v1/load_lora_adapter`, `/v1/chat/completions` answered by a
 * script, bearer auth, and counts of requests and of requests in flight.
 *
 * @module
 */

/** A chat request as the stub sees it. */
export interface StubRequest {
  /** The parsed body. */
  readonly body: Record<string, unknown>;
  /** The raw body. */
  readonly text: string;
  /** Requests in flight when this one arrived, itself included. */
  readonly inFlight: number;
  /** The Authorization header. */
  readonly authorization: string | null;
  /** The X-Request-Id header (the server check's chat request sends none). */
  readonly requestId: string | null;
}

/** How the stub behaves. */
export interface StubOptions {
  /** The served models. */
  models?: string[];
  /** The API key required, if any. */
  apiKey?: string;
  /** Whether `/v1/load_lora_adapter` exists. */
  dynamicLora?: boolean;
  /** Answers a chat request. */
  chat?(request: StubRequest): Response | Promise<Response>;
}

/** A running stub. */
export interface Stub {
  /** The base URL, ending in `/v1`. */
  readonly url: string;
  /** Every chat request, in arrival order. */
  readonly requests: StubRequest[];
  /** The most chat requests in flight at once. */
  readonly maxInFlight: () => number;
  /** The served models (mutable). */
  readonly models: string[];
  /** Stops it. */
  close(): Promise<void>;
}

/** A vLLM-shaped completion with the given calls. */
export function completion(
  model: string,
  options: {
    content?: string | null;
    calls?: { name: string; arguments: string }[];
    finish?: string;
    completionTokens?: number;
    reasoning?: string | null;
  } = {},
): Response {
  const calls = options.calls ?? [];
  return Response.json({
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 1,
    model,
    choices: [{
      index: 0,
      message: {
        role: "assistant",
        content: options.content ?? null,
        tool_calls: calls.map((c, i) => ({
          id: `chatcmpl-tool-${i}`,
          type: "function",
          function: c,
        })),
        reasoning_content: options.reasoning ?? null,
      },
      logprobs: null,
      finish_reason: options.finish ?? (calls.length > 0 ? "tool_calls" : "stop"),
      stop_reason: null,
    }],
    usage: {
      prompt_tokens: 10,
      completion_tokens: options.completionTokens ?? 5,
      total_tokens: 10 + (options.completionTokens ?? 5),
    },
  });
}

/** Starts a stub on 127.0.0.1 at a free port. */
export function startStub(options: StubOptions = {}): Stub {
  const models = options.models ?? ["base"];
  const requests: StubRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const path = new URL(req.url).pathname;
    const authorization = req.headers.get("authorization");
    if (
      options.apiKey !== undefined && path.startsWith("/v1") &&
      authorization !== `Bearer ${options.apiKey}`
    ) {
      return Response.json({ error: "Unauthorized" }, { status: 401 });
    }
    if (path === "/v1/models") {
      return Response.json({
        object: "list",
        data: models.map((id) => ({ id, object: "model", owned_by: "vllm" })),
      });
    }
    if (path === "/v1/load_lora_adapter" && options.dynamicLora) {
      const body = await req.json();
      if (String(body.lora_path).includes("missing")) {
        return Response.json({
          error: {
            message:
              `Loading lora ${body.lora_name} failed: No adapter found for ${body.lora_path}`,
            type: "NotFoundError",
            param: null,
            code: 404,
          },
        }, { status: 404 });
      }
      models.push(body.lora_name);
      return new Response(`Success: LoRA adapter '${body.lora_name}' added successfully.`);
    }
    if (path === "/v1/chat/completions") {
      const text = await req.text();
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        const request = {
          body: JSON.parse(text),
          text,
          inFlight,
          authorization,
          requestId: req.headers.get("x-request-id"),
        };
        requests.push(request);
        if (!models.includes(String(request.body.model))) {
          return Response.json({
            error: {
              message: `The model \`${request.body.model}\` does not exist.`,
              type: "NotFoundError",
              param: "model",
              code: 404,
            },
          }, { status: 404 });
        }
        const response = await (options.chat?.(request) ?? completion(String(request.body.model)));
        return echoRequestId(response, req.headers.get("x-request-id"));
      } finally {
        inFlight--;
      }
    }
    return Response.json({ detail: "Not Found" }, { status: 404 });
  });
  const addr = server.addr as Deno.NetAddr;
  return {
    url: `http://127.0.0.1:${addr.port}/v1`,
    requests,
    maxInFlight: () => maxInFlight,
    models,
    close: () => server.shutdown(),
  };
}

/**
 * The response with its completion's `id` set to `chatcmpl-<X-Request-Id>`, as vLLM sets it, when
 * the request sent one and the response is a 200 `application/json` completion with the stub's id
 * (`chatcmpl-1`); any other response as it is.
 */
async function echoRequestId(response: Response, requestId: string | null): Promise<Response> {
  // A JSON body the stub made whole (`Response.json`), never a stream a test holds open.
  const json = response.headers.get("content-type")?.startsWith("application/json") ?? false;
  if (requestId === null || response.status !== 200 || !json) return response;
  const text = await response.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const headers = new Headers(response.headers);
  if (
    typeof value !== "object" || value === null || (value as { id?: unknown }).id !== "chatcmpl-1"
  ) {
    return new Response(text, { status: response.status, headers });
  }
  headers.delete("content-length");
  return Response.json({ ...value, id: `chatcmpl-${requestId}` }, { status: 200, headers });
}
