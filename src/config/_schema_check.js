// deno-fmt-ignore-file
// deno-lint-ignore-file
// @ts-self-types="./_schema_check.d.ts"
// Generated from schema/assess.schema.json by tests/support/generate_schema_checks.ts: do not edit.
"use strict";
export const validate = validate20;
export default validate20;
const schema31 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://jsr.io/@assess/assess/schema/assess.schema.json","title":"assess.yaml","description":"One evaluation for assess: the dataset and the split taken from it, the scorer, the models, and how they are asked. Read as one YAML 1.2 document (core schema) of at most 1 MiB, UTF-8. Rules this schema cannot say, checked by assess validate after it: nothing is interpolated, so '${' anywhere in the file (comments included) is refused; a second YAML document is refused; a key written twice is refused; aliases may add at most 10000 nodes; a whole number is at most 2147483647 except sampling.seed; a text other than prompt.system and the prompts of a system probe (probes[].system) may not hold a control or bidirectional character (U+0000 to U+001F, U+007F to U+009F, U+061C, U+200E, U+200F, U+2028 to U+202E, U+2066 to U+2069), since assess prints names and paths; and the rules listed in the descriptions of dataset.kind, dataset.maxBytes, server.url, server.urls, server.toolCallParser, split.seed, split.confirm, scorer.name, models.adapters, sampling.seed, sampling.maxTokens, serving.probe and probes.","type":"object","additionalProperties":false,"required":["version","dataset","split","scorer","models","sampling","thinking","serving"],"properties":{"version":{"description":"The file format's version: 1.","const":1},"server":{"description":"Where the models are served. Every key is optional. Read by assess run.","type":"object","default":{},"additionalProperties":false,"properties":{"url":{"description":"The server's OpenAI-compatible base URL. Checked in code: an http:// or https:// URL that names a host; ends in /v1 with nothing after it; holds no credentials, query or fragment (the API key is read from the VLLM_API_KEY environment variable, never from the file); uses https://, or names 127.0.0.1, ::1 or localhost, or insecure is true. A refusal never repeats the URL.","type":"string"},"urls":{"description":"Several replicas of the server, each a base URL checked by server.url's rules (a refusal names the URL's index, never the URL): every held-out item goes to one of them with all of its models' requests, and serving.concurrency applies to each. Checked in code: not with server.url (give one of the two); no two URLs with the same host and port. One URL behaves as server.url.","type":"array","minItems":1,"items":{"description":"A replica's OpenAI-compatible base URL, ending in /v1.","type":"string"}},"manifest":{"description":"The path of go/launch's serve manifest.","type":"string","minLength":1},"toolCallParser":{"description":"The server's tool-call parser, such as hermes. Checked in code: when the scorer declares the parsers it knows, one of them.","type":"string","minLength":1},"reasoningParser":{"description":"The server's reasoning parser, such as qwen3.","type":"string","minLength":1},"insecure":{"description":"true allows plain http:// to any host. Default false.","type":"boolean","default":false}}},"dataset":{"description":"The dataset file and where it came from.","type":"object","additionalProperties":false,"required":["kind","path","sha256"],"properties":{"kind":{"description":"xlam-function-calling (a JSON array of xlam rows, such as Salesforce/xlam-function-calling-60k) or chat-jsonl (a team's own data: JSON Lines, one item a line, {id, messages, tools} in OpenAI's chat format; see reference/assess-yaml.md). Checked in code: source is required for xlam-function-calling.","enum":["xlam-function-calling","chat-jsonl"]},"path":{"description":"The dataset file. A relative path is read from the directory the command runs in, not from this file's.","type":"string","minLength":1},"sha256":{"description":"The file's SHA-256: 64 hex digits, in either case. A file with another hash is refused before a row of it is read.","type":"string","pattern":"^[0-9a-fA-F]{64}$"},"maxBytes":{"description":"The largest dataset file read, in bytes: a larger file is refused from its size, before it is read (exit 65). Default 268435456 (256 MiB). At most 1073741824 (1 GiB), the largest file split's memory is measured at; for xlam-function-calling at most 536870888, the longest text a JavaScript string holds, as that file is read as one JSON text (checked in code). See reference/assess-yaml.md.","type":"integer","minimum":1,"maximum":1073741824,"default":268435456},"source":{"description":"A record of where the file came from. Nothing compares it with the file: sha256 pins the content. Required for xlam-function-calling, optional for chat-jsonl.","type":"object","additionalProperties":false,"required":["repo","revision"],"properties":{"repo":{"description":"Where the file came from, such as Salesforce/xlam-function-calling-60k.","type":"string","minLength":1},"revision":{"description":"The revision it came from there.","type":"string","minLength":1}}}}},"split":{"description":"The held-out split: the items the models are scored on. The same dataset, seed and size always give the same split.","type":"object","additionalProperties":false,"required":["seed","size"],"properties":{"seed":{"description":"Any text. Checked in code: a seed that YAML reads as a number (such as 42) is refused; put it in quotes (\"42\").","type":"string"},"size":{"description":"How many items to hold out: at least 1, and at most the dataset's eligible items (checked once the dataset is read, by split and selftest).","type":"integer","minimum":1,"maximum":2147483647},"confirm":{"description":"For a checkpoint sweep (adapters with a step): the share of the held-out items kept apart to confirm the checkpoint chosen on the others, between 0 and 1 (0.5: half). Taken seeded and stratified by answer category (reference/split.md). Default none: the sweep is chosen and reported on the same items. Checked in code: it needs an adapter with a step, and must leave at least one item on each side (checked once the dataset is read).","type":"number","exclusiveMinimum":0,"exclusiveMaximum":1}}},"scorer":{"description":"The scorer and its ordering rule.","type":"object","additionalProperties":false,"required":["name"],"properties":{"name":{"description":"xlam-tool-call, or a scorer your own program registered. Checked in code: a name nothing registered is refused.","type":"string","minLength":1},"ordering":{"description":"any or strict: whether a reply's calls must come in the answer's order. Default any.","enum":["any","strict"],"default":"any"}}},"prompt":{"description":"The prompt sent with every item.","type":"object","default":{},"additionalProperties":false,"properties":{"system":{"description":"A system prompt, sent as written. Default \"\" (none).","type":"string","default":""}}},"models":{"description":"The base model and the LoRA adapters compared with it.","type":"object","additionalProperties":false,"required":["baseline"],"properties":{"baseline":{"description":"The name the server gives the base model.","type":"string","minLength":1},"adapters":{"description":"The LoRA adapters compared with the baseline. Default none. Checked in code: an adapter named twice is refused, and so is one with the baseline's name.","type":"array","default":[],"items":{"description":"One adapter.","type":"object","additionalProperties":false,"required":["name"],"properties":{"name":{"description":"The name the server gives the adapter.","type":"string","minLength":1},"path":{"description":"Where the adapter's weights are, for a server that is not serving it yet.","type":"string","minLength":1},"step":{"description":"The training step this adapter is a checkpoint of: adapters with a step are checkpoints of one training run, reported as a sweep in step order. Checked in code: two adapters with the same step are refused.","type":"integer","minimum":0,"maximum":2147483647}}}}}},"sampling":{"description":"How the models sample.","type":"object","additionalProperties":false,"required":["temperature","topP","seed","maxTokens"],"properties":{"temperature":{"description":"0 or more. Like every whole number but sampling.seed, a whole number here is at most 2147483647.","type":"number","minimum":0,"if":{"type":"integer"},"then":{"maximum":2147483647}},"topP":{"description":"More than 0, and at most 1.","type":"number","exclusiveMinimum":0,"maximum":1},"seed":{"description":"A whole number that fits in 64 bits, signed: -9223372036854775808 to 9223372036854775807 (the range vLLM accepts). Checked in code on the number as written, not through a double.","type":"integer"},"maxTokens":{"description":"The most tokens a reply may hold: at least 1. Checked in code: at least 2048 when thinking.mode is on.","type":"integer","minimum":1,"maximum":2147483647},"samples":{"description":"How many times every model is asked every item: a whole number from 1 to 64. Default 1.","type":"integer","minimum":1,"maximum":64,"default":1}}},"thinking":{"description":"The chat template's switch for reasoning before answering.","type":"object","additionalProperties":false,"required":["mode","templateKey"],"properties":{"mode":{"description":"off or on. No default: some models think unless told not to, others only when told to.","enum":["off","on"]},"templateKey":{"description":"The chat template's variable for it. Qwen3 uses enable_thinking.","type":"string","minLength":1}}},"serving":{"description":"Batch invariance and load.","type":"object","additionalProperties":false,"required":["probe","concurrency"],"properties":{"batchInvariant":{"description":"required, asserted or not-required: whether a model must give the same reply to an item whatever else is in its batch. Default required.","enum":["required","asserted","not-required"],"default":"required"},"probe":{"description":"How many of the split's items are sent twice to check batch invariance. Checked in code: 0 is refused unless batchInvariant is not-required, and probe cannot be more than split.size.","type":"integer","minimum":0,"maximum":2147483647},"concurrency":{"description":"How many requests are in flight at once, per replica with server.urls: at least 1.","type":"integer","minimum":1,"maximum":2147483647},"routingHeader":{"description":"The name of an HTTP header every chat request carries with its item's routing key, the same for every model and sample of the item, so that a router in front of the replicas that routes by that header (x-session-id for vLLM's production-stack session router, x-smg-routing-key for the SGLang gateway) keeps an item's requests on one replica. A token of RFC 9110 (letters, digits and !#$%&'*+-.^_`|~), at most 64 characters. Default none: no such header. Checked in code: not a header assess sends itself or one HTTP reserves (Content-Type, Authorization, X-Request-Id, Host, Content-Length, Connection, Transfer-Encoding), in any case.","type":"string","pattern":"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$","minLength":1,"maxLength":64}}},"probes":{"description":"Probes: seeded variants of every held-out item that training on the complement cannot teach, to be asked beside the items themselves (reference/split.md says how each is made and how its items are named; in this version assess split makes and counts them, and assess run does not ask them yet). Each is irrelevance (the tools the answer calls are removed and the right answer is no call; items whose answer makes no call are left out), shuffled-tools (the item's tools in another order; items with fewer than two tools are left out), {distractors: N} (N tools of other held-out items added, the answer unchanged; items that cannot get N are left out) or {system: [prompt or null, ...]} (the item asked with each system prompt listed, null for none, instead of prompt.system). Default none. Checked in code: each probe at most once (distractors once for each N, system once), and no prompt twice in system's list (\"\" and null are the same prompt: both send no system message).","type":"array","default":[],"items":{"description":"A probe: irrelevance, shuffled-tools, {distractors: N} or {system: [prompt or null, ...]}.","if":{"type":"string"},"then":{"enum":["irrelevance","shuffled-tools"]},"else":{"type":"object","minProperties":1,"maxProperties":1,"additionalProperties":false,"properties":{"distractors":{"description":"How many tools of other held-out items are added to each item: a whole number, at least 1.","type":"integer","minimum":1},"system":{"description":"The system prompts each item is asked with instead of prompt.system, in order: a text, sent as written, or null for no system message. A chat-jsonl item's own system and developer messages are left out of these items.","type":"array","minItems":1,"items":{"description":"A system prompt, sent as written, or null for none.","if":{"type":"null"},"else":{"type":"string"}}}}}}},"decision":{"description":"How the report reads the figures into a decision. It decides nothing about the replies: run records it in the results file's header when the run starts, and report echoes it.","type":"object","default":{},"additionalProperties":false,"properties":{"margin":{"description":"The loss the team accepts, in percentage points (1 is one point): an adapter whose interval's lower end is above -margin, and that is not better or worse, is not-worse. 0 to 100. Default 0 (no adapter is called not-worse).","type":"number","minimum":0,"maximum":100,"default":0},"guard":{"description":"The categories of items that must not be worse: no-call, single, parallel, multiple. A guarded category whose own comparison is worse makes the verdict say so. Default none. Checked in code: a category named twice is refused.","type":"array","default":[],"items":{"description":"A category: no-call (the answer has no call), single (one call), parallel (two or more calls to one tool) or multiple (two or more calls, two or more tools).","enum":["no-call","single","parallel","multiple"]}}}}}};
const func1 = Object.prototype.hasOwnProperty;
const pattern4 = new RegExp("^[0-9a-fA-F]{64}$", "u");
const pattern5 = new RegExp("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$", "u");

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://jsr.io/@assess/assess/schema/assess.schema.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate20.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.server === undefined){
data.server = {};
}
if(data.prompt === undefined){
data.prompt = {};
}
if(data.probes === undefined){
data.probes = [];
}
if(data.decision === undefined){
data.decision = {};
}
if(data.version === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'",schema:schema31.required,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.dataset === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "dataset"},message:"must have required property '"+"dataset"+"'",schema:schema31.required,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.split === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "split"},message:"must have required property '"+"split"+"'",schema:schema31.required,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.scorer === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "scorer"},message:"must have required property '"+"scorer"+"'",schema:schema31.required,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.models === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "models"},message:"must have required property '"+"models"+"'",schema:schema31.required,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.sampling === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sampling"},message:"must have required property '"+"sampling"+"'",schema:schema31.required,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.thinking === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "thinking"},message:"must have required property '"+"thinking"+"'",schema:schema31.required,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.serving === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "serving"},message:"must have required property '"+"serving"+"'",schema:schema31.required,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!(func1.call(schema31.properties, key0))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.version !== undefined){
let data0 = data.version;
if(1 !== data0){
const err9 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant",schema:1,parentSchema:schema31.properties.version,data:data0};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
let data1 = data.server;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.insecure === undefined){
data1.insecure = false;
}
for(const key1 in data1){
if(!((((((key1 === "url") || (key1 === "urls")) || (key1 === "manifest")) || (key1 === "toolCallParser")) || (key1 === "reasoningParser")) || (key1 === "insecure"))){
const err10 = {instancePath:instancePath+"/server",schemaPath:"#/properties/server/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema31.properties.server,data:data1};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data1.url !== undefined){
let data2 = data1.url;
if(typeof data2 !== "string"){
const err11 = {instancePath:instancePath+"/server/url",schemaPath:"#/properties/server/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.server.properties.url.type,parentSchema:schema31.properties.server.properties.url,data:data2};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data1.urls !== undefined){
let data3 = data1.urls;
if(Array.isArray(data3)){
if(data3.length < 1){
const err12 = {instancePath:instancePath+"/server/urls",schemaPath:"#/properties/server/properties/urls/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema31.properties.server.properties.urls,data:data3};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
if(typeof data4 !== "string"){
const err13 = {instancePath:instancePath+"/server/urls/" + i0,schemaPath:"#/properties/server/properties/urls/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.server.properties.urls.items.type,parentSchema:schema31.properties.server.properties.urls.items,data:data4};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
else {
const err14 = {instancePath:instancePath+"/server/urls",schemaPath:"#/properties/server/properties/urls/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema31.properties.server.properties.urls.type,parentSchema:schema31.properties.server.properties.urls,data:data3};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data1.manifest !== undefined){
let data5 = data1.manifest;
if(typeof data5 === "string"){
if(data5.length < 1){
const err15 = {instancePath:instancePath+"/server/manifest",schemaPath:"#/properties/server/properties/manifest/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema31.properties.server.properties.manifest,data:data5};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/server/manifest",schemaPath:"#/properties/server/properties/manifest/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.server.properties.manifest.type,parentSchema:schema31.properties.server.properties.manifest,data:data5};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data1.toolCallParser !== undefined){
let data6 = data1.toolCallParser;
if(typeof data6 === "string"){
if(data6.length < 1){
const err17 = {instancePath:instancePath+"/server/toolCallParser",schemaPath:"#/properties/server/properties/toolCallParser/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema31.properties.server.properties.toolCallParser,data:data6};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/server/toolCallParser",schemaPath:"#/properties/server/properties/toolCallParser/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.server.properties.toolCallParser.type,parentSchema:schema31.properties.server.properties.toolCallParser,data:data6};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data1.reasoningParser !== undefined){
let data7 = data1.reasoningParser;
if(typeof data7 === "string"){
if(data7.length < 1){
const err19 = {instancePath:instancePath+"/server/reasoningParser",schemaPath:"#/properties/server/properties/reasoningParser/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema31.properties.server.properties.reasoningParser,data:data7};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/server/reasoningParser",schemaPath:"#/properties/server/properties/reasoningParser/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.server.properties.reasoningParser.type,parentSchema:schema31.properties.server.properties.reasoningParser,data:data7};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
let data8 = data1.insecure;
if(typeof data8 !== "boolean"){
const err21 = {instancePath:instancePath+"/server/insecure",schemaPath:"#/properties/server/properties/insecure/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema31.properties.server.properties.insecure.type,parentSchema:schema31.properties.server.properties.insecure,data:data8};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/server",schemaPath:"#/properties/server/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.properties.server.type,parentSchema:schema31.properties.server,data:data1};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data.dataset !== undefined){
let data9 = data.dataset;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.maxBytes === undefined){
data9.maxBytes = 268435456;
}
if(data9.kind === undefined){
const err23 = {instancePath:instancePath+"/dataset",schemaPath:"#/properties/dataset/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'",schema:schema31.properties.dataset.required,parentSchema:schema31.properties.dataset,data:data9};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data9.path === undefined){
const err24 = {instancePath:instancePath+"/dataset",schemaPath:"#/properties/dataset/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'",schema:schema31.properties.dataset.required,parentSchema:schema31.properties.dataset,data:data9};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data9.sha256 === undefined){
const err25 = {instancePath:instancePath+"/dataset",schemaPath:"#/properties/dataset/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'",schema:schema31.properties.dataset.required,parentSchema:schema31.properties.dataset,data:data9};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
for(const key2 in data9){
if(!(((((key2 === "kind") || (key2 === "path")) || (key2 === "sha256")) || (key2 === "maxBytes")) || (key2 === "source"))){
const err26 = {instancePath:instancePath+"/dataset",schemaPath:"#/properties/dataset/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties",schema:false,parentSchema:schema31.properties.dataset,data:data9};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data9.kind !== undefined){
let data10 = data9.kind;
if(!((data10 === "xlam-function-calling") || (data10 === "chat-jsonl"))){
const err27 = {instancePath:instancePath+"/dataset/kind",schemaPath:"#/properties/dataset/properties/kind/enum",keyword:"enum",params:{allowedValues: schema31.properties.dataset.properties.kind.enum},message:"must be equal to one of the allowed values",schema:schema31.properties.dataset.properties.kind.enum,parentSchema:schema31.properties.dataset.properties.kind,data:data10};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data9.path !== undefined){
let data11 = data9.path;
if(typeof data11 === "string"){
if(data11.length < 1){
const err28 = {instancePath:instancePath+"/dataset/path",schemaPath:"#/properties/dataset/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema31.properties.dataset.properties.path,data:data11};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/dataset/path",schemaPath:"#/properties/dataset/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.dataset.properties.path.type,parentSchema:schema31.properties.dataset.properties.path,data:data11};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data9.sha256 !== undefined){
let data12 = data9.sha256;
if(typeof data12 === "string"){
if(!pattern4.test(data12)){
const err30 = {instancePath:instancePath+"/dataset/sha256",schemaPath:"#/properties/dataset/properties/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-fA-F]{64}$"},message:"must match pattern \""+"^[0-9a-fA-F]{64}$"+"\"",schema:"^[0-9a-fA-F]{64}$",parentSchema:schema31.properties.dataset.properties.sha256,data:data12};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/dataset/sha256",schemaPath:"#/properties/dataset/properties/sha256/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.dataset.properties.sha256.type,parentSchema:schema31.properties.dataset.properties.sha256,data:data12};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
let data13 = data9.maxBytes;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err32 = {instancePath:instancePath+"/dataset/maxBytes",schemaPath:"#/properties/dataset/properties/maxBytes/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema31.properties.dataset.properties.maxBytes.type,parentSchema:schema31.properties.dataset.properties.maxBytes,data:data13};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 > 1073741824 || isNaN(data13)){
const err33 = {instancePath:instancePath+"/dataset/maxBytes",schemaPath:"#/properties/dataset/properties/maxBytes/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1073741824},message:"must be <= 1073741824",schema:1073741824,parentSchema:schema31.properties.dataset.properties.maxBytes,data:data13};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(data13 < 1 || isNaN(data13)){
const err34 = {instancePath:instancePath+"/dataset/maxBytes",schemaPath:"#/properties/dataset/properties/maxBytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema31.properties.dataset.properties.maxBytes,data:data13};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data9.source !== undefined){
let data14 = data9.source;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.repo === undefined){
const err35 = {instancePath:instancePath+"/dataset/source",schemaPath:"#/properties/dataset/properties/source/required",keyword:"required",params:{missingProperty: "repo"},message:"must have required property '"+"repo"+"'",schema:schema31.properties.dataset.properties.source.required,parentSchema:schema31.properties.dataset.properties.source,data:data14};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data14.revision === undefined){
const err36 = {instancePath:instancePath+"/dataset/source",schemaPath:"#/properties/dataset/properties/source/required",keyword:"required",params:{missingProperty: "revision"},message:"must have required property '"+"revision"+"'",schema:schema31.properties.dataset.properties.source.required,parentSchema:schema31.properties.dataset.properties.source,data:data14};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
for(const key3 in data14){
if(!((key3 === "repo") || (key3 === "revision"))){
const err37 = {instancePath:instancePath+"/dataset/source",schemaPath:"#/properties/dataset/properties/source/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties",schema:false,parentSchema:schema31.properties.dataset.properties.source,data:data14};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data14.repo !== undefined){
let data15 = data14.repo;
if(typeof data15 === "string"){
if(data15.length < 1){
const err38 = {instancePath:instancePath+"/dataset/source/repo",schemaPath:"#/properties/dataset/properties/source/properties/repo/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema31.properties.dataset.properties.source.properties.repo,data:data15};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/dataset/source/repo",schemaPath:"#/properties/dataset/properties/source/properties/repo/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.dataset.properties.source.properties.repo.type,parentSchema:schema31.properties.dataset.properties.source.properties.repo,data:data15};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data14.revision !== undefined){
let data16 = data14.revision;
if(typeof data16 === "string"){
if(data16.length < 1){
const err40 = {instancePath:instancePath+"/dataset/source/revision",schemaPath:"#/properties/dataset/properties/source/properties/revision/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema31.properties.dataset.properties.source.properties.revision,data:data16};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/dataset/source/revision",schemaPath:"#/properties/dataset/properties/source/properties/revision/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.dataset.properties.source.properties.revision.type,parentSchema:schema31.properties.dataset.properties.source.properties.revision,data:data16};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath:instancePath+"/dataset/source",schemaPath:"#/properties/dataset/properties/source/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.properties.dataset.properties.source.type,parentSchema:schema31.properties.dataset.properties.source,data:data14};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
}
else {
const err43 = {instancePath:instancePath+"/dataset",schemaPath:"#/properties/dataset/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.properties.dataset.type,parentSchema:schema31.properties.dataset,data:data9};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.split !== undefined){
let data17 = data.split;
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
if(data17.seed === undefined){
const err44 = {instancePath:instancePath+"/split",schemaPath:"#/properties/split/required",keyword:"required",params:{missingProperty: "seed"},message:"must have required property '"+"seed"+"'",schema:schema31.properties.split.required,parentSchema:schema31.properties.split,data:data17};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(data17.size === undefined){
const err45 = {instancePath:instancePath+"/split",schemaPath:"#/properties/split/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'",schema:schema31.properties.split.required,parentSchema:schema31.properties.split,data:data17};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
for(const key4 in data17){
if(!(((key4 === "seed") || (key4 === "size")) || (key4 === "confirm"))){
const err46 = {instancePath:instancePath+"/split",schemaPath:"#/properties/split/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema31.properties.split,data:data17};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data17.seed !== undefined){
let data18 = data17.seed;
if(typeof data18 !== "string"){
const err47 = {instancePath:instancePath+"/split/seed",schemaPath:"#/properties/split/properties/seed/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.split.properties.seed.type,parentSchema:schema31.properties.split.properties.seed,data:data18};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data17.size !== undefined){
let data19 = data17.size;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err48 = {instancePath:instancePath+"/split/size",schemaPath:"#/properties/split/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema31.properties.split.properties.size.type,parentSchema:schema31.properties.split.properties.size,data:data19};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if((typeof data19 == "number") && (isFinite(data19))){
if(data19 > 2147483647 || isNaN(data19)){
const err49 = {instancePath:instancePath+"/split/size",schemaPath:"#/properties/split/properties/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647},message:"must be <= 2147483647",schema:2147483647,parentSchema:schema31.properties.split.properties.size,data:data19};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(data19 < 1 || isNaN(data19)){
const err50 = {instancePath:instancePath+"/split/size",schemaPath:"#/properties/split/properties/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema31.properties.split.properties.size,data:data19};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
}
if(data17.confirm !== undefined){
let data20 = data17.confirm;
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 >= 1 || isNaN(data20)){
const err51 = {instancePath:instancePath+"/split/confirm",schemaPath:"#/properties/split/properties/confirm/exclusiveMaximum",keyword:"exclusiveMaximum",params:{comparison: "<", limit: 1},message:"must be < 1",schema:1,parentSchema:schema31.properties.split.properties.confirm,data:data20};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if(data20 <= 0 || isNaN(data20)){
const err52 = {instancePath:instancePath+"/split/confirm",schemaPath:"#/properties/split/properties/confirm/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema31.properties.split.properties.confirm,data:data20};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
else {
const err53 = {instancePath:instancePath+"/split/confirm",schemaPath:"#/properties/split/properties/confirm/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema31.properties.split.properties.confirm.type,parentSchema:schema31.properties.split.properties.confirm,data:data20};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
else {
const err54 = {instancePath:instancePath+"/split",schemaPath:"#/properties/split/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.properties.split.type,parentSchema:schema31.properties.split,data:data17};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data.scorer !== undefined){
let data21 = data.scorer;
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.ordering === undefined){
data21.ordering = "any";
}
if(data21.name === undefined){
const err55 = {instancePath:instancePath+"/scorer",schemaPath:"#/properties/scorer/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'",schema:schema31.properties.scorer.required,parentSchema:schema31.properties.scorer,data:data21};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
for(const key5 in data21){
if(!((key5 === "name") || (key5 === "ordering"))){
const err56 = {instancePath:instancePath+"/scorer",schemaPath:"#/properties/scorer/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties",schema:false,parentSchema:schema31.properties.scorer,data:data21};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data21.name !== undefined){
let data22 = data21.name;
if(typeof data22 === "string"){
if(data22.length < 1){
const err57 = {instancePath:instancePath+"/scorer/name",schemaPath:"#/properties/scorer/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema31.properties.scorer.properties.name,data:data22};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
else {
const err58 = {instancePath:instancePath+"/scorer/name",schemaPath:"#/properties/scorer/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.scorer.properties.name.type,parentSchema:schema31.properties.scorer.properties.name,data:data22};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
let data23 = data21.ordering;
if(!((data23 === "any") || (data23 === "strict"))){
const err59 = {instancePath:instancePath+"/scorer/ordering",schemaPath:"#/properties/scorer/properties/ordering/enum",keyword:"enum",params:{allowedValues: schema31.properties.scorer.properties.ordering.enum},message:"must be equal to one of the allowed values",schema:schema31.properties.scorer.properties.ordering.enum,parentSchema:schema31.properties.scorer.properties.ordering,data:data23};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
else {
const err60 = {instancePath:instancePath+"/scorer",schemaPath:"#/properties/scorer/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.properties.scorer.type,parentSchema:schema31.properties.scorer,data:data21};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
let data24 = data.prompt;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
if(data24.system === undefined){
data24.system = "";
}
for(const key6 in data24){
if(!(key6 === "system")){
const err61 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties",schema:false,parentSchema:schema31.properties.prompt,data:data24};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
let data25 = data24.system;
if(typeof data25 !== "string"){
const err62 = {instancePath:instancePath+"/prompt/system",schemaPath:"#/properties/prompt/properties/system/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.prompt.properties.system.type,parentSchema:schema31.properties.prompt.properties.system,data:data25};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
else {
const err63 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.properties.prompt.type,parentSchema:schema31.properties.prompt,data:data24};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
if(data.models !== undefined){
let data26 = data.models;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
if(data26.adapters === undefined){
data26.adapters = [];
}
if(data26.baseline === undefined){
const err64 = {instancePath:instancePath+"/models",schemaPath:"#/properties/models/required",keyword:"required",params:{missingProperty: "baseline"},message:"must have required property '"+"baseline"+"'",schema:schema31.properties.models.required,parentSchema:schema31.properties.models,data:data26};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
for(const key7 in data26){
if(!((key7 === "baseline") || (key7 === "adapters"))){
const err65 = {instancePath:instancePath+"/models",schemaPath:"#/properties/models/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties",schema:false,parentSchema:schema31.properties.models,data:data26};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data26.baseline !== undefined){
let data27 = data26.baseline;
if(typeof data27 === "string"){
if(data27.length < 1){
const err66 = {instancePath:instancePath+"/models/baseline",schemaPath:"#/properties/models/properties/baseline/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema31.properties.models.properties.baseline,data:data27};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
else {
const err67 = {instancePath:instancePath+"/models/baseline",schemaPath:"#/properties/models/properties/baseline/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.models.properties.baseline.type,parentSchema:schema31.properties.models.properties.baseline,data:data27};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
let data28 = data26.adapters;
if(Array.isArray(data28)){
const len1 = data28.length;
for(let i1=0; i1<len1; i1++){
let data29 = data28[i1];
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
if(data29.name === undefined){
const err68 = {instancePath:instancePath+"/models/adapters/" + i1,schemaPath:"#/properties/models/properties/adapters/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'",schema:schema31.properties.models.properties.adapters.items.required,parentSchema:schema31.properties.models.properties.adapters.items,data:data29};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
for(const key8 in data29){
if(!(((key8 === "name") || (key8 === "path")) || (key8 === "step"))){
const err69 = {instancePath:instancePath+"/models/adapters/" + i1,schemaPath:"#/properties/models/properties/adapters/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties",schema:false,parentSchema:schema31.properties.models.properties.adapters.items,data:data29};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data29.name !== undefined){
let data30 = data29.name;
if(typeof data30 === "string"){
if(data30.length < 1){
const err70 = {instancePath:instancePath+"/models/adapters/" + i1+"/name",schemaPath:"#/properties/models/properties/adapters/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema31.properties.models.properties.adapters.items.properties.name,data:data30};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
else {
const err71 = {instancePath:instancePath+"/models/adapters/" + i1+"/name",schemaPath:"#/properties/models/properties/adapters/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.models.properties.adapters.items.properties.name.type,parentSchema:schema31.properties.models.properties.adapters.items.properties.name,data:data30};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data29.path !== undefined){
let data31 = data29.path;
if(typeof data31 === "string"){
if(data31.length < 1){
const err72 = {instancePath:instancePath+"/models/adapters/" + i1+"/path",schemaPath:"#/properties/models/properties/adapters/items/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema31.properties.models.properties.adapters.items.properties.path,data:data31};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
else {
const err73 = {instancePath:instancePath+"/models/adapters/" + i1+"/path",schemaPath:"#/properties/models/properties/adapters/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.models.properties.adapters.items.properties.path.type,parentSchema:schema31.properties.models.properties.adapters.items.properties.path,data:data31};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data29.step !== undefined){
let data32 = data29.step;
if(!(((typeof data32 == "number") && (!(data32 % 1) && !isNaN(data32))) && (isFinite(data32)))){
const err74 = {instancePath:instancePath+"/models/adapters/" + i1+"/step",schemaPath:"#/properties/models/properties/adapters/items/properties/step/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema31.properties.models.properties.adapters.items.properties.step.type,parentSchema:schema31.properties.models.properties.adapters.items.properties.step,data:data32};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
if((typeof data32 == "number") && (isFinite(data32))){
if(data32 > 2147483647 || isNaN(data32)){
const err75 = {instancePath:instancePath+"/models/adapters/" + i1+"/step",schemaPath:"#/properties/models/properties/adapters/items/properties/step/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647},message:"must be <= 2147483647",schema:2147483647,parentSchema:schema31.properties.models.properties.adapters.items.properties.step,data:data32};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
if(data32 < 0 || isNaN(data32)){
const err76 = {instancePath:instancePath+"/models/adapters/" + i1+"/step",schemaPath:"#/properties/models/properties/adapters/items/properties/step/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema31.properties.models.properties.adapters.items.properties.step,data:data32};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
}
}
else {
const err77 = {instancePath:instancePath+"/models/adapters/" + i1,schemaPath:"#/properties/models/properties/adapters/items/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.properties.models.properties.adapters.items.type,parentSchema:schema31.properties.models.properties.adapters.items,data:data29};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
}
else {
const err78 = {instancePath:instancePath+"/models/adapters",schemaPath:"#/properties/models/properties/adapters/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema31.properties.models.properties.adapters.type,parentSchema:schema31.properties.models.properties.adapters,data:data28};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
else {
const err79 = {instancePath:instancePath+"/models",schemaPath:"#/properties/models/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.properties.models.type,parentSchema:schema31.properties.models,data:data26};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
if(data.sampling !== undefined){
let data33 = data.sampling;
if(data33 && typeof data33 == "object" && !Array.isArray(data33)){
if(data33.samples === undefined){
data33.samples = 1;
}
if(data33.temperature === undefined){
const err80 = {instancePath:instancePath+"/sampling",schemaPath:"#/properties/sampling/required",keyword:"required",params:{missingProperty: "temperature"},message:"must have required property '"+"temperature"+"'",schema:schema31.properties.sampling.required,parentSchema:schema31.properties.sampling,data:data33};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if(data33.topP === undefined){
const err81 = {instancePath:instancePath+"/sampling",schemaPath:"#/properties/sampling/required",keyword:"required",params:{missingProperty: "topP"},message:"must have required property '"+"topP"+"'",schema:schema31.properties.sampling.required,parentSchema:schema31.properties.sampling,data:data33};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
if(data33.seed === undefined){
const err82 = {instancePath:instancePath+"/sampling",schemaPath:"#/properties/sampling/required",keyword:"required",params:{missingProperty: "seed"},message:"must have required property '"+"seed"+"'",schema:schema31.properties.sampling.required,parentSchema:schema31.properties.sampling,data:data33};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
if(data33.maxTokens === undefined){
const err83 = {instancePath:instancePath+"/sampling",schemaPath:"#/properties/sampling/required",keyword:"required",params:{missingProperty: "maxTokens"},message:"must have required property '"+"maxTokens"+"'",schema:schema31.properties.sampling.required,parentSchema:schema31.properties.sampling,data:data33};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
for(const key9 in data33){
if(!(((((key9 === "temperature") || (key9 === "topP")) || (key9 === "seed")) || (key9 === "maxTokens")) || (key9 === "samples"))){
const err84 = {instancePath:instancePath+"/sampling",schemaPath:"#/properties/sampling/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties",schema:false,parentSchema:schema31.properties.sampling,data:data33};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
if(data33.temperature !== undefined){
let data34 = data33.temperature;
const _errs78 = errors;
let valid14 = true;
const _errs79 = errors;
if(!(((typeof data34 == "number") && (!(data34 % 1) && !isNaN(data34))) && (isFinite(data34)))){
const err85 = {};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
var _valid0 = _errs79 === errors;
errors = _errs78;
if(vErrors !== null){
if(_errs78){
vErrors.length = _errs78;
}
else {
vErrors = null;
}
}
if(_valid0){
const _errs81 = errors;
if((typeof data34 == "number") && (isFinite(data34))){
if(data34 > 2147483647 || isNaN(data34)){
const err86 = {instancePath:instancePath+"/sampling/temperature",schemaPath:"#/properties/sampling/properties/temperature/then/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647},message:"must be <= 2147483647",schema:2147483647,parentSchema:schema31.properties.sampling.properties.temperature.then,data:data34};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
var _valid0 = _errs81 === errors;
valid14 = _valid0;
}
if(!valid14){
const err87 = {instancePath:instancePath+"/sampling/temperature",schemaPath:"#/properties/sampling/properties/temperature/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema",schema:schema31.properties.sampling.properties.temperature.if,parentSchema:schema31.properties.sampling.properties.temperature,data:data34};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
if((typeof data34 == "number") && (isFinite(data34))){
if(data34 < 0 || isNaN(data34)){
const err88 = {instancePath:instancePath+"/sampling/temperature",schemaPath:"#/properties/sampling/properties/temperature/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema31.properties.sampling.properties.temperature,data:data34};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
else {
const err89 = {instancePath:instancePath+"/sampling/temperature",schemaPath:"#/properties/sampling/properties/temperature/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema31.properties.sampling.properties.temperature.type,parentSchema:schema31.properties.sampling.properties.temperature,data:data34};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
if(data33.topP !== undefined){
let data35 = data33.topP;
if((typeof data35 == "number") && (isFinite(data35))){
if(data35 > 1 || isNaN(data35)){
const err90 = {instancePath:instancePath+"/sampling/topP",schemaPath:"#/properties/sampling/properties/topP/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1",schema:1,parentSchema:schema31.properties.sampling.properties.topP,data:data35};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
if(data35 <= 0 || isNaN(data35)){
const err91 = {instancePath:instancePath+"/sampling/topP",schemaPath:"#/properties/sampling/properties/topP/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema31.properties.sampling.properties.topP,data:data35};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
else {
const err92 = {instancePath:instancePath+"/sampling/topP",schemaPath:"#/properties/sampling/properties/topP/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema31.properties.sampling.properties.topP.type,parentSchema:schema31.properties.sampling.properties.topP,data:data35};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
if(data33.seed !== undefined){
let data36 = data33.seed;
if(!(((typeof data36 == "number") && (!(data36 % 1) && !isNaN(data36))) && (isFinite(data36)))){
const err93 = {instancePath:instancePath+"/sampling/seed",schemaPath:"#/properties/sampling/properties/seed/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema31.properties.sampling.properties.seed.type,parentSchema:schema31.properties.sampling.properties.seed,data:data36};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
if(data33.maxTokens !== undefined){
let data37 = data33.maxTokens;
if(!(((typeof data37 == "number") && (!(data37 % 1) && !isNaN(data37))) && (isFinite(data37)))){
const err94 = {instancePath:instancePath+"/sampling/maxTokens",schemaPath:"#/properties/sampling/properties/maxTokens/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema31.properties.sampling.properties.maxTokens.type,parentSchema:schema31.properties.sampling.properties.maxTokens,data:data37};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
if((typeof data37 == "number") && (isFinite(data37))){
if(data37 > 2147483647 || isNaN(data37)){
const err95 = {instancePath:instancePath+"/sampling/maxTokens",schemaPath:"#/properties/sampling/properties/maxTokens/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647},message:"must be <= 2147483647",schema:2147483647,parentSchema:schema31.properties.sampling.properties.maxTokens,data:data37};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
if(data37 < 1 || isNaN(data37)){
const err96 = {instancePath:instancePath+"/sampling/maxTokens",schemaPath:"#/properties/sampling/properties/maxTokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema31.properties.sampling.properties.maxTokens,data:data37};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
}
let data38 = data33.samples;
if(!(((typeof data38 == "number") && (!(data38 % 1) && !isNaN(data38))) && (isFinite(data38)))){
const err97 = {instancePath:instancePath+"/sampling/samples",schemaPath:"#/properties/sampling/properties/samples/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema31.properties.sampling.properties.samples.type,parentSchema:schema31.properties.sampling.properties.samples,data:data38};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
if((typeof data38 == "number") && (isFinite(data38))){
if(data38 > 64 || isNaN(data38)){
const err98 = {instancePath:instancePath+"/sampling/samples",schemaPath:"#/properties/sampling/properties/samples/maximum",keyword:"maximum",params:{comparison: "<=", limit: 64},message:"must be <= 64",schema:64,parentSchema:schema31.properties.sampling.properties.samples,data:data38};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
if(data38 < 1 || isNaN(data38)){
const err99 = {instancePath:instancePath+"/sampling/samples",schemaPath:"#/properties/sampling/properties/samples/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema31.properties.sampling.properties.samples,data:data38};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
}
else {
const err100 = {instancePath:instancePath+"/sampling",schemaPath:"#/properties/sampling/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.properties.sampling.type,parentSchema:schema31.properties.sampling,data:data33};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
if(data.thinking !== undefined){
let data39 = data.thinking;
if(data39 && typeof data39 == "object" && !Array.isArray(data39)){
if(data39.mode === undefined){
const err101 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/required",keyword:"required",params:{missingProperty: "mode"},message:"must have required property '"+"mode"+"'",schema:schema31.properties.thinking.required,parentSchema:schema31.properties.thinking,data:data39};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
if(data39.templateKey === undefined){
const err102 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/required",keyword:"required",params:{missingProperty: "templateKey"},message:"must have required property '"+"templateKey"+"'",schema:schema31.properties.thinking.required,parentSchema:schema31.properties.thinking,data:data39};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
for(const key10 in data39){
if(!((key10 === "mode") || (key10 === "templateKey"))){
const err103 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key10},message:"must NOT have additional properties",schema:false,parentSchema:schema31.properties.thinking,data:data39};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
if(data39.mode !== undefined){
let data40 = data39.mode;
if(!((data40 === "off") || (data40 === "on"))){
const err104 = {instancePath:instancePath+"/thinking/mode",schemaPath:"#/properties/thinking/properties/mode/enum",keyword:"enum",params:{allowedValues: schema31.properties.thinking.properties.mode.enum},message:"must be equal to one of the allowed values",schema:schema31.properties.thinking.properties.mode.enum,parentSchema:schema31.properties.thinking.properties.mode,data:data40};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
if(data39.templateKey !== undefined){
let data41 = data39.templateKey;
if(typeof data41 === "string"){
if(data41.length < 1){
const err105 = {instancePath:instancePath+"/thinking/templateKey",schemaPath:"#/properties/thinking/properties/templateKey/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema31.properties.thinking.properties.templateKey,data:data41};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
else {
const err106 = {instancePath:instancePath+"/thinking/templateKey",schemaPath:"#/properties/thinking/properties/templateKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.thinking.properties.templateKey.type,parentSchema:schema31.properties.thinking.properties.templateKey,data:data41};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
}
else {
const err107 = {instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.properties.thinking.type,parentSchema:schema31.properties.thinking,data:data39};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
if(data.serving !== undefined){
let data42 = data.serving;
if(data42 && typeof data42 == "object" && !Array.isArray(data42)){
if(data42.batchInvariant === undefined){
data42.batchInvariant = "required";
}
if(data42.probe === undefined){
const err108 = {instancePath:instancePath+"/serving",schemaPath:"#/properties/serving/required",keyword:"required",params:{missingProperty: "probe"},message:"must have required property '"+"probe"+"'",schema:schema31.properties.serving.required,parentSchema:schema31.properties.serving,data:data42};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
if(data42.concurrency === undefined){
const err109 = {instancePath:instancePath+"/serving",schemaPath:"#/properties/serving/required",keyword:"required",params:{missingProperty: "concurrency"},message:"must have required property '"+"concurrency"+"'",schema:schema31.properties.serving.required,parentSchema:schema31.properties.serving,data:data42};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
for(const key11 in data42){
if(!((((key11 === "batchInvariant") || (key11 === "probe")) || (key11 === "concurrency")) || (key11 === "routingHeader"))){
const err110 = {instancePath:instancePath+"/serving",schemaPath:"#/properties/serving/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11},message:"must NOT have additional properties",schema:false,parentSchema:schema31.properties.serving,data:data42};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
}
let data43 = data42.batchInvariant;
if(!(((data43 === "required") || (data43 === "asserted")) || (data43 === "not-required"))){
const err111 = {instancePath:instancePath+"/serving/batchInvariant",schemaPath:"#/properties/serving/properties/batchInvariant/enum",keyword:"enum",params:{allowedValues: schema31.properties.serving.properties.batchInvariant.enum},message:"must be equal to one of the allowed values",schema:schema31.properties.serving.properties.batchInvariant.enum,parentSchema:schema31.properties.serving.properties.batchInvariant,data:data43};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
if(data42.probe !== undefined){
let data44 = data42.probe;
if(!(((typeof data44 == "number") && (!(data44 % 1) && !isNaN(data44))) && (isFinite(data44)))){
const err112 = {instancePath:instancePath+"/serving/probe",schemaPath:"#/properties/serving/properties/probe/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema31.properties.serving.properties.probe.type,parentSchema:schema31.properties.serving.properties.probe,data:data44};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
if((typeof data44 == "number") && (isFinite(data44))){
if(data44 > 2147483647 || isNaN(data44)){
const err113 = {instancePath:instancePath+"/serving/probe",schemaPath:"#/properties/serving/properties/probe/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647},message:"must be <= 2147483647",schema:2147483647,parentSchema:schema31.properties.serving.properties.probe,data:data44};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
if(data44 < 0 || isNaN(data44)){
const err114 = {instancePath:instancePath+"/serving/probe",schemaPath:"#/properties/serving/properties/probe/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema31.properties.serving.properties.probe,data:data44};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
}
}
if(data42.concurrency !== undefined){
let data45 = data42.concurrency;
if(!(((typeof data45 == "number") && (!(data45 % 1) && !isNaN(data45))) && (isFinite(data45)))){
const err115 = {instancePath:instancePath+"/serving/concurrency",schemaPath:"#/properties/serving/properties/concurrency/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema31.properties.serving.properties.concurrency.type,parentSchema:schema31.properties.serving.properties.concurrency,data:data45};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
if((typeof data45 == "number") && (isFinite(data45))){
if(data45 > 2147483647 || isNaN(data45)){
const err116 = {instancePath:instancePath+"/serving/concurrency",schemaPath:"#/properties/serving/properties/concurrency/maximum",keyword:"maximum",params:{comparison: "<=", limit: 2147483647},message:"must be <= 2147483647",schema:2147483647,parentSchema:schema31.properties.serving.properties.concurrency,data:data45};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
if(data45 < 1 || isNaN(data45)){
const err117 = {instancePath:instancePath+"/serving/concurrency",schemaPath:"#/properties/serving/properties/concurrency/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema31.properties.serving.properties.concurrency,data:data45};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
}
}
if(data42.routingHeader !== undefined){
let data46 = data42.routingHeader;
if(typeof data46 === "string"){
if(data46.length > 64){
const err118 = {instancePath:instancePath+"/serving/routingHeader",schemaPath:"#/properties/serving/properties/routingHeader/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters",schema:64,parentSchema:schema31.properties.serving.properties.routingHeader,data:data46};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
if(data46.length < 1){
const err119 = {instancePath:instancePath+"/serving/routingHeader",schemaPath:"#/properties/serving/properties/routingHeader/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema31.properties.serving.properties.routingHeader,data:data46};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
if(!pattern5.test(data46)){
const err120 = {instancePath:instancePath+"/serving/routingHeader",schemaPath:"#/properties/serving/properties/routingHeader/pattern",keyword:"pattern",params:{pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"},message:"must match pattern \""+"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$"+"\"",schema:"^[!#$%&'*+.^_`|~0-9A-Za-z-]+$",parentSchema:schema31.properties.serving.properties.routingHeader,data:data46};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
}
else {
const err121 = {instancePath:instancePath+"/serving/routingHeader",schemaPath:"#/properties/serving/properties/routingHeader/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.serving.properties.routingHeader.type,parentSchema:schema31.properties.serving.properties.routingHeader,data:data46};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
}
}
else {
const err122 = {instancePath:instancePath+"/serving",schemaPath:"#/properties/serving/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.properties.serving.type,parentSchema:schema31.properties.serving,data:data42};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
}
let data47 = data.probes;
if(Array.isArray(data47)){
const len2 = data47.length;
for(let i2=0; i2<len2; i2++){
let data48 = data47[i2];
const _errs109 = errors;
let valid19 = true;
const _errs110 = errors;
if(typeof data48 !== "string"){
const err123 = {};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
var _valid1 = _errs110 === errors;
errors = _errs109;
if(vErrors !== null){
if(_errs109){
vErrors.length = _errs109;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid1){
const _errs112 = errors;
if(!((data48 === "irrelevance") || (data48 === "shuffled-tools"))){
const err124 = {instancePath:instancePath+"/probes/" + i2,schemaPath:"#/properties/probes/items/then/enum",keyword:"enum",params:{allowedValues: schema31.properties.probes.items.then.enum},message:"must be equal to one of the allowed values",schema:schema31.properties.probes.items.then.enum,parentSchema:schema31.properties.probes.items.then,data:data48};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
var _valid1 = _errs112 === errors;
valid19 = _valid1;
ifClause0 = "then";
}
else {
const _errs113 = errors;
if(data48 && typeof data48 == "object" && !Array.isArray(data48)){
if(Object.keys(data48).length > 1){
const err125 = {instancePath:instancePath+"/probes/" + i2,schemaPath:"#/properties/probes/items/else/maxProperties",keyword:"maxProperties",params:{limit: 1},message:"must NOT have more than 1 properties",schema:1,parentSchema:schema31.properties.probes.items.else,data:data48};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
if(Object.keys(data48).length < 1){
const err126 = {instancePath:instancePath+"/probes/" + i2,schemaPath:"#/properties/probes/items/else/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties",schema:1,parentSchema:schema31.properties.probes.items.else,data:data48};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
for(const key12 in data48){
if(!((key12 === "distractors") || (key12 === "system"))){
const err127 = {instancePath:instancePath+"/probes/" + i2,schemaPath:"#/properties/probes/items/else/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key12},message:"must NOT have additional properties",schema:false,parentSchema:schema31.properties.probes.items.else,data:data48};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
}
if(data48.distractors !== undefined){
let data49 = data48.distractors;
if(!(((typeof data49 == "number") && (!(data49 % 1) && !isNaN(data49))) && (isFinite(data49)))){
const err128 = {instancePath:instancePath+"/probes/" + i2+"/distractors",schemaPath:"#/properties/probes/items/else/properties/distractors/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema31.properties.probes.items.else.properties.distractors.type,parentSchema:schema31.properties.probes.items.else.properties.distractors,data:data49};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
if((typeof data49 == "number") && (isFinite(data49))){
if(data49 < 1 || isNaN(data49)){
const err129 = {instancePath:instancePath+"/probes/" + i2+"/distractors",schemaPath:"#/properties/probes/items/else/properties/distractors/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema31.properties.probes.items.else.properties.distractors,data:data49};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
}
}
if(data48.system !== undefined){
let data50 = data48.system;
if(Array.isArray(data50)){
if(data50.length < 1){
const err130 = {instancePath:instancePath+"/probes/" + i2+"/system",schemaPath:"#/properties/probes/items/else/properties/system/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema31.properties.probes.items.else.properties.system,data:data50};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
const len3 = data50.length;
for(let i3=0; i3<len3; i3++){
let data51 = data50[i3];
const _errs121 = errors;
let valid23 = true;
const _errs122 = errors;
if(data51 !== null){
const err131 = {};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
var _valid2 = _errs122 === errors;
errors = _errs121;
if(vErrors !== null){
if(_errs121){
vErrors.length = _errs121;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs124 = errors;
if(typeof data51 !== "string"){
const err132 = {instancePath:instancePath+"/probes/" + i2+"/system/" + i3,schemaPath:"#/properties/probes/items/else/properties/system/items/else/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema31.properties.probes.items.else.properties.system.items.else.type,parentSchema:schema31.properties.probes.items.else.properties.system.items.else,data:data51};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
var _valid2 = _errs124 === errors;
valid23 = _valid2;
}
if(!valid23){
const err133 = {instancePath:instancePath+"/probes/" + i2+"/system/" + i3,schemaPath:"#/properties/probes/items/else/properties/system/items/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema",schema:schema31.properties.probes.items.else.properties.system.items.if,parentSchema:schema31.properties.probes.items.else.properties.system.items,data:data51};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
}
}
else {
const err134 = {instancePath:instancePath+"/probes/" + i2+"/system",schemaPath:"#/properties/probes/items/else/properties/system/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema31.properties.probes.items.else.properties.system.type,parentSchema:schema31.properties.probes.items.else.properties.system,data:data50};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
}
}
else {
const err135 = {instancePath:instancePath+"/probes/" + i2,schemaPath:"#/properties/probes/items/else/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.properties.probes.items.else.type,parentSchema:schema31.properties.probes.items.else,data:data48};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
}
var _valid1 = _errs113 === errors;
valid19 = _valid1;
ifClause0 = "else";
}
if(!valid19){
const err136 = {instancePath:instancePath+"/probes/" + i2,schemaPath:"#/properties/probes/items/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema",schema:schema31.properties.probes.items.if,parentSchema:schema31.properties.probes.items,data:data48};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
}
}
else {
const err137 = {instancePath:instancePath+"/probes",schemaPath:"#/properties/probes/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema31.properties.probes.type,parentSchema:schema31.properties.probes,data:data47};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
let data52 = data.decision;
if(data52 && typeof data52 == "object" && !Array.isArray(data52)){
if(data52.margin === undefined){
data52.margin = 0;
}
if(data52.guard === undefined){
data52.guard = [];
}
for(const key13 in data52){
if(!((key13 === "margin") || (key13 === "guard"))){
const err138 = {instancePath:instancePath+"/decision",schemaPath:"#/properties/decision/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key13},message:"must NOT have additional properties",schema:false,parentSchema:schema31.properties.decision,data:data52};
if(vErrors === null){
vErrors = [err138];
}
else {
vErrors.push(err138);
}
errors++;
}
}
let data53 = data52.margin;
if((typeof data53 == "number") && (isFinite(data53))){
if(data53 > 100 || isNaN(data53)){
const err139 = {instancePath:instancePath+"/decision/margin",schemaPath:"#/properties/decision/properties/margin/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100},message:"must be <= 100",schema:100,parentSchema:schema31.properties.decision.properties.margin,data:data53};
if(vErrors === null){
vErrors = [err139];
}
else {
vErrors.push(err139);
}
errors++;
}
if(data53 < 0 || isNaN(data53)){
const err140 = {instancePath:instancePath+"/decision/margin",schemaPath:"#/properties/decision/properties/margin/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema31.properties.decision.properties.margin,data:data53};
if(vErrors === null){
vErrors = [err140];
}
else {
vErrors.push(err140);
}
errors++;
}
}
else {
const err141 = {instancePath:instancePath+"/decision/margin",schemaPath:"#/properties/decision/properties/margin/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema31.properties.decision.properties.margin.type,parentSchema:schema31.properties.decision.properties.margin,data:data53};
if(vErrors === null){
vErrors = [err141];
}
else {
vErrors.push(err141);
}
errors++;
}
let data54 = data52.guard;
if(Array.isArray(data54)){
const len4 = data54.length;
for(let i4=0; i4<len4; i4++){
let data55 = data54[i4];
if(!((((data55 === "no-call") || (data55 === "single")) || (data55 === "parallel")) || (data55 === "multiple"))){
const err142 = {instancePath:instancePath+"/decision/guard/" + i4,schemaPath:"#/properties/decision/properties/guard/items/enum",keyword:"enum",params:{allowedValues: schema31.properties.decision.properties.guard.items.enum},message:"must be equal to one of the allowed values",schema:schema31.properties.decision.properties.guard.items.enum,parentSchema:schema31.properties.decision.properties.guard.items,data:data55};
if(vErrors === null){
vErrors = [err142];
}
else {
vErrors.push(err142);
}
errors++;
}
}
}
else {
const err143 = {instancePath:instancePath+"/decision/guard",schemaPath:"#/properties/decision/properties/guard/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema31.properties.decision.properties.guard.type,parentSchema:schema31.properties.decision.properties.guard,data:data54};
if(vErrors === null){
vErrors = [err143];
}
else {
vErrors.push(err143);
}
errors++;
}
}
else {
const err144 = {instancePath:instancePath+"/decision",schemaPath:"#/properties/decision/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.properties.decision.type,parentSchema:schema31.properties.decision,data:data52};
if(vErrors === null){
vErrors = [err144];
}
else {
vErrors.push(err144);
}
errors++;
}
}
else {
const err145 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema31.type,parentSchema:schema31,data};
if(vErrors === null){
vErrors = [err145];
}
else {
vErrors.push(err145);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

