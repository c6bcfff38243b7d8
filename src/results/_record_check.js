// deno-fmt-ignore-file
// deno-lint-ignore-file
// @ts-self-types="./_record_check.d.ts"
// Generated from schema/results.schema.json by tests/support/generate_schema_checks.ts: do not edit.
"use strict";
export const header = validate34;
const schema32 = {"description":"Line 1: what the run is. A resumed run must match it (reference/run.md says which members).","type":"object","additionalProperties":false,"required":["kind","format","formatVersion","assessVersion","startedAt","configDigest","dataset","split","scorer","selftest","server","models","sampling","thinking","probe","system"],"properties":{"kind":{"const":"header"},"format":{"const":"assess-results"},"formatVersion":{"enum":[1,2],"description":"2 for a file assess run starts; 1 for a file of an earlier assess (no replica members, no categories, no decision)."},"assessVersion":{"type":["string","null"]},"startedAt":{"type":"string","description":"ISO 8601 UTC, such as 2026-01-01T00:00:00.000Z."},"configDigest":{"type":"string","pattern":"^[0-9a-f]{64}$","description":"SHA-256 of the canonical JSON of the configuration values that decide replies and verdicts (reference/run.md)."},"dataset":{"type":"object","additionalProperties":false,"required":["path","sha256"],"properties":{"path":{"type":"string"},"sha256":{"type":"string","pattern":"^[0-9a-f]{64}$"}}},"split":{"type":"object","additionalProperties":false,"required":["seed","size","digest"],"properties":{"seed":{"type":"string"},"size":{"type":"integer","minimum":1},"digest":{"type":"string","pattern":"^[0-9a-f]{64}$"},"confirm":{"description":"With split.confirm: the share, and the held-out ids kept to confirm a sweep's choice, ascending.","type":"object","additionalProperties":false,"required":["share","items"],"properties":{"share":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1},"items":{"type":"array","items":{"anyOf":[{"type":"integer"},{"type":"string"}]}}}}}},"scorer":{"type":"object","additionalProperties":false,"required":["name","version","ordering","toolCallParser"],"properties":{"name":{"type":"string"},"version":{"type":"string"},"ordering":{"enum":["any","strict"]},"toolCallParser":{"type":["string","null"]}}},"selftest":{"type":"object","additionalProperties":false,"required":["passed","items"],"properties":{"passed":{"type":"boolean"},"items":{"type":"integer","minimum":0}}},"server":{"type":"object","additionalProperties":false,"required":["url","models"],"properties":{"url":{"type":"string"},"models":{"type":"array","items":{"type":"string"}}}},"models":{"type":"object","additionalProperties":false,"required":["baseline","adapters"],"properties":{"baseline":{"type":"string"},"adapters":{"type":"array","items":{"type":"string"}},"steps":{"description":"Each adapter's training step, null for one without, in the adapters' order; only for a checkpoint sweep.","type":"array","items":{"type":["integer","null"],"minimum":0}}}},"sampling":{"type":"object","additionalProperties":false,"required":["temperature","topP","seed","maxTokens"],"properties":{"temperature":{"type":"number"},"topP":{"type":"number"},"seed":{"type":"string","pattern":"^-?[0-9]+$","description":"The seed's exact decimal text."},"maxTokens":{"type":"integer","minimum":1},"samples":{"type":"integer","minimum":2,"maximum":64,"description":"How many times every model was asked every item (sampling.samples); absent for 1."}}},"thinking":{"type":"object","additionalProperties":false,"required":["mode","templateKey"],"properties":{"mode":{"enum":["off","on"]},"templateKey":{"type":"string"}}},"probe":{"type":"object","additionalProperties":false,"required":["batchInvariant","items"],"properties":{"batchInvariant":{"enum":["required","asserted","not-required"]},"items":{"type":"integer","minimum":0}}},"system":{"type":"string"},"decision":{"description":"How the team reads the figures, as assess.yaml's decision said when the run started (the report echoes it). It decides nothing about the replies: a resumed run may change it in assess.yaml, and this keeps the one declared before the first reply. Absent in a format 1 file.","type":"object","additionalProperties":false,"required":["margin","guard"],"properties":{"margin":{"type":"number","minimum":0,"maximum":100,"description":"decision.margin: the loss accepted as not worse, in percentage points (1 is one point)."},"guard":{"type":"array","items":{"$ref":"#/$defs/category"},"description":"decision.guard: the categories that must not be worse."}}},"probes":{"description":"assess.yaml's probes, as the file writes them, in its order: the seeded variants of the held-out items (reference/split.md, Probes). Absent when there are none.","type":"array","minItems":1,"items":{"if":{"type":"string"},"then":{"enum":["irrelevance","shuffled-tools"]},"else":{"type":"object","minProperties":1,"maxProperties":1,"additionalProperties":false,"properties":{"distractors":{"type":"integer","minimum":1},"system":{"type":"array","minItems":1,"items":{"if":{"type":"null"},"else":{"type":"string"}}}}}}},"shard":{"description":"With assess run -shard i/N: this file holds shard index of count, the held-out items whose content hash falls in it (reference/run.md, Shards). Absent for a run of every item.","type":"object","additionalProperties":false,"required":["index","count"],"properties":{"index":{"type":"integer","minimum":0,"maximum":65535},"count":{"type":"integer","minimum":1,"maximum":65536}}}}};
const schema33 = {"description":"An item's category, from its answer's calls.","enum":["no-call","single","parallel","multiple"]};
const func1 = Object.prototype.hasOwnProperty;
const pattern4 = new RegExp("^[0-9a-f]{64}$", "u");
const pattern7 = new RegExp("^-?[0-9]+$", "u");

function validate34(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate34.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((((((((((((((data.kind === undefined) && (missing0 = "kind")) || ((data.format === undefined) && (missing0 = "format"))) || ((data.formatVersion === undefined) && (missing0 = "formatVersion"))) || ((data.assessVersion === undefined) && (missing0 = "assessVersion"))) || ((data.startedAt === undefined) && (missing0 = "startedAt"))) || ((data.configDigest === undefined) && (missing0 = "configDigest"))) || ((data.dataset === undefined) && (missing0 = "dataset"))) || ((data.split === undefined) && (missing0 = "split"))) || ((data.scorer === undefined) && (missing0 = "scorer"))) || ((data.selftest === undefined) && (missing0 = "selftest"))) || ((data.server === undefined) && (missing0 = "server"))) || ((data.models === undefined) && (missing0 = "models"))) || ((data.sampling === undefined) && (missing0 = "sampling"))) || ((data.thinking === undefined) && (missing0 = "thinking"))) || ((data.probe === undefined) && (missing0 = "probe"))) || ((data.system === undefined) && (missing0 = "system"))){
validate34.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'",schema:schema32.required,parentSchema:schema32,data}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(func1.call(schema32.properties, key0))){
validate34.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema32,data}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.kind !== undefined){
let data0 = data.kind;
const _errs2 = errors;
if("header" !== data0){
validate34.errors = [{instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "header"},message:"must be equal to constant",schema:"header",parentSchema:schema32.properties.kind,data:data0}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.format !== undefined){
let data1 = data.format;
const _errs3 = errors;
if("assess-results" !== data1){
validate34.errors = [{instancePath:instancePath+"/format",schemaPath:"#/properties/format/const",keyword:"const",params:{allowedValue: "assess-results"},message:"must be equal to constant",schema:"assess-results",parentSchema:schema32.properties.format,data:data1}];
return false;
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.formatVersion !== undefined){
let data2 = data.formatVersion;
const _errs4 = errors;
if(!((data2 === 1) || (data2 === 2))){
validate34.errors = [{instancePath:instancePath+"/formatVersion",schemaPath:"#/properties/formatVersion/enum",keyword:"enum",params:{allowedValues: schema32.properties.formatVersion.enum},message:"must be equal to one of the allowed values",schema:schema32.properties.formatVersion.enum,parentSchema:schema32.properties.formatVersion,data:data2}];
return false;
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.assessVersion !== undefined){
let data3 = data.assessVersion;
const _errs5 = errors;
if((typeof data3 !== "string") && (data3 !== null)){
validate34.errors = [{instancePath:instancePath+"/assessVersion",schemaPath:"#/properties/assessVersion/type",keyword:"type",params:{type: schema32.properties.assessVersion.type},message:"must be string,null",schema:schema32.properties.assessVersion.type,parentSchema:schema32.properties.assessVersion,data:data3}];
return false;
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.startedAt !== undefined){
let data4 = data.startedAt;
const _errs7 = errors;
if(typeof data4 !== "string"){
validate34.errors = [{instancePath:instancePath+"/startedAt",schemaPath:"#/properties/startedAt/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.startedAt.type,parentSchema:schema32.properties.startedAt,data:data4}];
return false;
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.configDigest !== undefined){
let data5 = data.configDigest;
const _errs9 = errors;
if(errors === _errs9){
if(typeof data5 === "string"){
if(!pattern4.test(data5)){
validate34.errors = [{instancePath:instancePath+"/configDigest",schemaPath:"#/properties/configDigest/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\"",schema:"^[0-9a-f]{64}$",parentSchema:schema32.properties.configDigest,data:data5}];
return false;
}
}
else {
validate34.errors = [{instancePath:instancePath+"/configDigest",schemaPath:"#/properties/configDigest/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.configDigest.type,parentSchema:schema32.properties.configDigest,data:data5}];
return false;
}
}
var valid0 = _errs9 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.dataset !== undefined){
let data6 = data.dataset;
const _errs11 = errors;
if(errors === _errs11){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
let missing1;
if(((data6.path === undefined) && (missing1 = "path")) || ((data6.sha256 === undefined) && (missing1 = "sha256"))){
validate34.errors = [{instancePath:instancePath+"/dataset",schemaPath:"#/properties/dataset/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'",schema:schema32.properties.dataset.required,parentSchema:schema32.properties.dataset,data:data6}];
return false;
}
else {
const _errs13 = errors;
for(const key1 in data6){
if(!((key1 === "path") || (key1 === "sha256"))){
validate34.errors = [{instancePath:instancePath+"/dataset",schemaPath:"#/properties/dataset/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema32.properties.dataset,data:data6}];
return false;
break;
}
}
if(_errs13 === errors){
if(data6.path !== undefined){
let data7 = data6.path;
const _errs14 = errors;
if(typeof data7 !== "string"){
validate34.errors = [{instancePath:instancePath+"/dataset/path",schemaPath:"#/properties/dataset/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.dataset.properties.path.type,parentSchema:schema32.properties.dataset.properties.path,data:data7}];
return false;
}
var valid1 = _errs14 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data6.sha256 !== undefined){
let data8 = data6.sha256;
const _errs16 = errors;
if(errors === _errs16){
if(typeof data8 === "string"){
if(!pattern4.test(data8)){
validate34.errors = [{instancePath:instancePath+"/dataset/sha256",schemaPath:"#/properties/dataset/properties/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\"",schema:"^[0-9a-f]{64}$",parentSchema:schema32.properties.dataset.properties.sha256,data:data8}];
return false;
}
}
else {
validate34.errors = [{instancePath:instancePath+"/dataset/sha256",schemaPath:"#/properties/dataset/properties/sha256/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.dataset.properties.sha256.type,parentSchema:schema32.properties.dataset.properties.sha256,data:data8}];
return false;
}
}
var valid1 = _errs16 === errors;
}
else {
var valid1 = true;
}
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/dataset",schemaPath:"#/properties/dataset/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.properties.dataset.type,parentSchema:schema32.properties.dataset,data:data6}];
return false;
}
}
var valid0 = _errs11 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.split !== undefined){
let data9 = data.split;
const _errs18 = errors;
if(errors === _errs18){
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
let missing2;
if((((data9.seed === undefined) && (missing2 = "seed")) || ((data9.size === undefined) && (missing2 = "size"))) || ((data9.digest === undefined) && (missing2 = "digest"))){
validate34.errors = [{instancePath:instancePath+"/split",schemaPath:"#/properties/split/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'",schema:schema32.properties.split.required,parentSchema:schema32.properties.split,data:data9}];
return false;
}
else {
const _errs20 = errors;
for(const key2 in data9){
if(!((((key2 === "seed") || (key2 === "size")) || (key2 === "digest")) || (key2 === "confirm"))){
validate34.errors = [{instancePath:instancePath+"/split",schemaPath:"#/properties/split/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties",schema:false,parentSchema:schema32.properties.split,data:data9}];
return false;
break;
}
}
if(_errs20 === errors){
if(data9.seed !== undefined){
let data10 = data9.seed;
const _errs21 = errors;
if(typeof data10 !== "string"){
validate34.errors = [{instancePath:instancePath+"/split/seed",schemaPath:"#/properties/split/properties/seed/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.split.properties.seed.type,parentSchema:schema32.properties.split.properties.seed,data:data10}];
return false;
}
var valid2 = _errs21 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data9.size !== undefined){
let data11 = data9.size;
const _errs23 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
validate34.errors = [{instancePath:instancePath+"/split/size",schemaPath:"#/properties/split/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema32.properties.split.properties.size.type,parentSchema:schema32.properties.split.properties.size,data:data11}];
return false;
}
if(errors === _errs23){
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 1 || isNaN(data11)){
validate34.errors = [{instancePath:instancePath+"/split/size",schemaPath:"#/properties/split/properties/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema32.properties.split.properties.size,data:data11}];
return false;
}
}
}
var valid2 = _errs23 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data9.digest !== undefined){
let data12 = data9.digest;
const _errs25 = errors;
if(errors === _errs25){
if(typeof data12 === "string"){
if(!pattern4.test(data12)){
validate34.errors = [{instancePath:instancePath+"/split/digest",schemaPath:"#/properties/split/properties/digest/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\"",schema:"^[0-9a-f]{64}$",parentSchema:schema32.properties.split.properties.digest,data:data12}];
return false;
}
}
else {
validate34.errors = [{instancePath:instancePath+"/split/digest",schemaPath:"#/properties/split/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.split.properties.digest.type,parentSchema:schema32.properties.split.properties.digest,data:data12}];
return false;
}
}
var valid2 = _errs25 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data9.confirm !== undefined){
let data13 = data9.confirm;
const _errs27 = errors;
if(errors === _errs27){
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
let missing3;
if(((data13.share === undefined) && (missing3 = "share")) || ((data13.items === undefined) && (missing3 = "items"))){
validate34.errors = [{instancePath:instancePath+"/split/confirm",schemaPath:"#/properties/split/properties/confirm/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'",schema:schema32.properties.split.properties.confirm.required,parentSchema:schema32.properties.split.properties.confirm,data:data13}];
return false;
}
else {
const _errs29 = errors;
for(const key3 in data13){
if(!((key3 === "share") || (key3 === "items"))){
validate34.errors = [{instancePath:instancePath+"/split/confirm",schemaPath:"#/properties/split/properties/confirm/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties",schema:false,parentSchema:schema32.properties.split.properties.confirm,data:data13}];
return false;
break;
}
}
if(_errs29 === errors){
if(data13.share !== undefined){
let data14 = data13.share;
const _errs30 = errors;
if(errors === _errs30){
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 >= 1 || isNaN(data14)){
validate34.errors = [{instancePath:instancePath+"/split/confirm/share",schemaPath:"#/properties/split/properties/confirm/properties/share/exclusiveMaximum",keyword:"exclusiveMaximum",params:{comparison: "<", limit: 1},message:"must be < 1",schema:1,parentSchema:schema32.properties.split.properties.confirm.properties.share,data:data14}];
return false;
}
else {
if(data14 <= 0 || isNaN(data14)){
validate34.errors = [{instancePath:instancePath+"/split/confirm/share",schemaPath:"#/properties/split/properties/confirm/properties/share/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0",schema:0,parentSchema:schema32.properties.split.properties.confirm.properties.share,data:data14}];
return false;
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/split/confirm/share",schemaPath:"#/properties/split/properties/confirm/properties/share/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema32.properties.split.properties.confirm.properties.share.type,parentSchema:schema32.properties.split.properties.confirm.properties.share,data:data14}];
return false;
}
}
var valid3 = _errs30 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data13.items !== undefined){
let data15 = data13.items;
const _errs32 = errors;
if(errors === _errs32){
if(Array.isArray(data15)){
var valid4 = true;
const len0 = data15.length;
for(let i0=0; i0<len0; i0++){
let data16 = data15[i0];
const _errs34 = errors;
const _errs35 = errors;
let valid5 = false;
const _errs36 = errors;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err0 = {instancePath:instancePath+"/split/confirm/items/" + i0,schemaPath:"#/properties/split/properties/confirm/properties/items/items/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema32.properties.split.properties.confirm.properties.items.items.anyOf[0].type,parentSchema:schema32.properties.split.properties.confirm.properties.items.items.anyOf[0],data:data16};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
var _valid0 = _errs36 === errors;
valid5 = valid5 || _valid0;
const _errs38 = errors;
if(typeof data16 !== "string"){
const err1 = {instancePath:instancePath+"/split/confirm/items/" + i0,schemaPath:"#/properties/split/properties/confirm/properties/items/items/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.split.properties.confirm.properties.items.items.anyOf[1].type,parentSchema:schema32.properties.split.properties.confirm.properties.items.items.anyOf[1],data:data16};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
var _valid0 = _errs38 === errors;
valid5 = valid5 || _valid0;
if(!valid5){
const err2 = {instancePath:instancePath+"/split/confirm/items/" + i0,schemaPath:"#/properties/split/properties/confirm/properties/items/items/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema32.properties.split.properties.confirm.properties.items.items.anyOf,parentSchema:schema32.properties.split.properties.confirm.properties.items.items,data:data16};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
validate34.errors = vErrors;
return false;
}
else {
errors = _errs35;
if(vErrors !== null){
if(_errs35){
vErrors.length = _errs35;
}
else {
vErrors = null;
}
}
}
var valid4 = _errs34 === errors;
if(!valid4){
break;
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/split/confirm/items",schemaPath:"#/properties/split/properties/confirm/properties/items/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema32.properties.split.properties.confirm.properties.items.type,parentSchema:schema32.properties.split.properties.confirm.properties.items,data:data15}];
return false;
}
}
var valid3 = _errs32 === errors;
}
else {
var valid3 = true;
}
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/split/confirm",schemaPath:"#/properties/split/properties/confirm/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.properties.split.properties.confirm.type,parentSchema:schema32.properties.split.properties.confirm,data:data13}];
return false;
}
}
var valid2 = _errs27 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/split",schemaPath:"#/properties/split/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.properties.split.type,parentSchema:schema32.properties.split,data:data9}];
return false;
}
}
var valid0 = _errs18 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.scorer !== undefined){
let data17 = data.scorer;
const _errs40 = errors;
if(errors === _errs40){
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
let missing4;
if(((((data17.name === undefined) && (missing4 = "name")) || ((data17.version === undefined) && (missing4 = "version"))) || ((data17.ordering === undefined) && (missing4 = "ordering"))) || ((data17.toolCallParser === undefined) && (missing4 = "toolCallParser"))){
validate34.errors = [{instancePath:instancePath+"/scorer",schemaPath:"#/properties/scorer/required",keyword:"required",params:{missingProperty: missing4},message:"must have required property '"+missing4+"'",schema:schema32.properties.scorer.required,parentSchema:schema32.properties.scorer,data:data17}];
return false;
}
else {
const _errs42 = errors;
for(const key4 in data17){
if(!((((key4 === "name") || (key4 === "version")) || (key4 === "ordering")) || (key4 === "toolCallParser"))){
validate34.errors = [{instancePath:instancePath+"/scorer",schemaPath:"#/properties/scorer/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema32.properties.scorer,data:data17}];
return false;
break;
}
}
if(_errs42 === errors){
if(data17.name !== undefined){
let data18 = data17.name;
const _errs43 = errors;
if(typeof data18 !== "string"){
validate34.errors = [{instancePath:instancePath+"/scorer/name",schemaPath:"#/properties/scorer/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.scorer.properties.name.type,parentSchema:schema32.properties.scorer.properties.name,data:data18}];
return false;
}
var valid6 = _errs43 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data17.version !== undefined){
let data19 = data17.version;
const _errs45 = errors;
if(typeof data19 !== "string"){
validate34.errors = [{instancePath:instancePath+"/scorer/version",schemaPath:"#/properties/scorer/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.scorer.properties.version.type,parentSchema:schema32.properties.scorer.properties.version,data:data19}];
return false;
}
var valid6 = _errs45 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data17.ordering !== undefined){
let data20 = data17.ordering;
const _errs47 = errors;
if(!((data20 === "any") || (data20 === "strict"))){
validate34.errors = [{instancePath:instancePath+"/scorer/ordering",schemaPath:"#/properties/scorer/properties/ordering/enum",keyword:"enum",params:{allowedValues: schema32.properties.scorer.properties.ordering.enum},message:"must be equal to one of the allowed values",schema:schema32.properties.scorer.properties.ordering.enum,parentSchema:schema32.properties.scorer.properties.ordering,data:data20}];
return false;
}
var valid6 = _errs47 === errors;
}
else {
var valid6 = true;
}
if(valid6){
if(data17.toolCallParser !== undefined){
let data21 = data17.toolCallParser;
const _errs48 = errors;
if((typeof data21 !== "string") && (data21 !== null)){
validate34.errors = [{instancePath:instancePath+"/scorer/toolCallParser",schemaPath:"#/properties/scorer/properties/toolCallParser/type",keyword:"type",params:{type: schema32.properties.scorer.properties.toolCallParser.type},message:"must be string,null",schema:schema32.properties.scorer.properties.toolCallParser.type,parentSchema:schema32.properties.scorer.properties.toolCallParser,data:data21}];
return false;
}
var valid6 = _errs48 === errors;
}
else {
var valid6 = true;
}
}
}
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/scorer",schemaPath:"#/properties/scorer/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.properties.scorer.type,parentSchema:schema32.properties.scorer,data:data17}];
return false;
}
}
var valid0 = _errs40 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.selftest !== undefined){
let data22 = data.selftest;
const _errs50 = errors;
if(errors === _errs50){
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
let missing5;
if(((data22.passed === undefined) && (missing5 = "passed")) || ((data22.items === undefined) && (missing5 = "items"))){
validate34.errors = [{instancePath:instancePath+"/selftest",schemaPath:"#/properties/selftest/required",keyword:"required",params:{missingProperty: missing5},message:"must have required property '"+missing5+"'",schema:schema32.properties.selftest.required,parentSchema:schema32.properties.selftest,data:data22}];
return false;
}
else {
const _errs52 = errors;
for(const key5 in data22){
if(!((key5 === "passed") || (key5 === "items"))){
validate34.errors = [{instancePath:instancePath+"/selftest",schemaPath:"#/properties/selftest/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties",schema:false,parentSchema:schema32.properties.selftest,data:data22}];
return false;
break;
}
}
if(_errs52 === errors){
if(data22.passed !== undefined){
let data23 = data22.passed;
const _errs53 = errors;
if(typeof data23 !== "boolean"){
validate34.errors = [{instancePath:instancePath+"/selftest/passed",schemaPath:"#/properties/selftest/properties/passed/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema32.properties.selftest.properties.passed.type,parentSchema:schema32.properties.selftest.properties.passed,data:data23}];
return false;
}
var valid7 = _errs53 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data22.items !== undefined){
let data24 = data22.items;
const _errs55 = errors;
if(!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))){
validate34.errors = [{instancePath:instancePath+"/selftest/items",schemaPath:"#/properties/selftest/properties/items/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema32.properties.selftest.properties.items.type,parentSchema:schema32.properties.selftest.properties.items,data:data24}];
return false;
}
if(errors === _errs55){
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 < 0 || isNaN(data24)){
validate34.errors = [{instancePath:instancePath+"/selftest/items",schemaPath:"#/properties/selftest/properties/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema32.properties.selftest.properties.items,data:data24}];
return false;
}
}
}
var valid7 = _errs55 === errors;
}
else {
var valid7 = true;
}
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/selftest",schemaPath:"#/properties/selftest/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.properties.selftest.type,parentSchema:schema32.properties.selftest,data:data22}];
return false;
}
}
var valid0 = _errs50 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.server !== undefined){
let data25 = data.server;
const _errs57 = errors;
if(errors === _errs57){
if(data25 && typeof data25 == "object" && !Array.isArray(data25)){
let missing6;
if(((data25.url === undefined) && (missing6 = "url")) || ((data25.models === undefined) && (missing6 = "models"))){
validate34.errors = [{instancePath:instancePath+"/server",schemaPath:"#/properties/server/required",keyword:"required",params:{missingProperty: missing6},message:"must have required property '"+missing6+"'",schema:schema32.properties.server.required,parentSchema:schema32.properties.server,data:data25}];
return false;
}
else {
const _errs59 = errors;
for(const key6 in data25){
if(!((key6 === "url") || (key6 === "models"))){
validate34.errors = [{instancePath:instancePath+"/server",schemaPath:"#/properties/server/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties",schema:false,parentSchema:schema32.properties.server,data:data25}];
return false;
break;
}
}
if(_errs59 === errors){
if(data25.url !== undefined){
let data26 = data25.url;
const _errs60 = errors;
if(typeof data26 !== "string"){
validate34.errors = [{instancePath:instancePath+"/server/url",schemaPath:"#/properties/server/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.server.properties.url.type,parentSchema:schema32.properties.server.properties.url,data:data26}];
return false;
}
var valid8 = _errs60 === errors;
}
else {
var valid8 = true;
}
if(valid8){
if(data25.models !== undefined){
let data27 = data25.models;
const _errs62 = errors;
if(errors === _errs62){
if(Array.isArray(data27)){
var valid9 = true;
const len1 = data27.length;
for(let i1=0; i1<len1; i1++){
let data28 = data27[i1];
const _errs64 = errors;
if(typeof data28 !== "string"){
validate34.errors = [{instancePath:instancePath+"/server/models/" + i1,schemaPath:"#/properties/server/properties/models/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.server.properties.models.items.type,parentSchema:schema32.properties.server.properties.models.items,data:data28}];
return false;
}
var valid9 = _errs64 === errors;
if(!valid9){
break;
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/server/models",schemaPath:"#/properties/server/properties/models/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema32.properties.server.properties.models.type,parentSchema:schema32.properties.server.properties.models,data:data27}];
return false;
}
}
var valid8 = _errs62 === errors;
}
else {
var valid8 = true;
}
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/server",schemaPath:"#/properties/server/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.properties.server.type,parentSchema:schema32.properties.server,data:data25}];
return false;
}
}
var valid0 = _errs57 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.models !== undefined){
let data29 = data.models;
const _errs66 = errors;
if(errors === _errs66){
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
let missing7;
if(((data29.baseline === undefined) && (missing7 = "baseline")) || ((data29.adapters === undefined) && (missing7 = "adapters"))){
validate34.errors = [{instancePath:instancePath+"/models",schemaPath:"#/properties/models/required",keyword:"required",params:{missingProperty: missing7},message:"must have required property '"+missing7+"'",schema:schema32.properties.models.required,parentSchema:schema32.properties.models,data:data29}];
return false;
}
else {
const _errs68 = errors;
for(const key7 in data29){
if(!(((key7 === "baseline") || (key7 === "adapters")) || (key7 === "steps"))){
validate34.errors = [{instancePath:instancePath+"/models",schemaPath:"#/properties/models/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties",schema:false,parentSchema:schema32.properties.models,data:data29}];
return false;
break;
}
}
if(_errs68 === errors){
if(data29.baseline !== undefined){
let data30 = data29.baseline;
const _errs69 = errors;
if(typeof data30 !== "string"){
validate34.errors = [{instancePath:instancePath+"/models/baseline",schemaPath:"#/properties/models/properties/baseline/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.models.properties.baseline.type,parentSchema:schema32.properties.models.properties.baseline,data:data30}];
return false;
}
var valid10 = _errs69 === errors;
}
else {
var valid10 = true;
}
if(valid10){
if(data29.adapters !== undefined){
let data31 = data29.adapters;
const _errs71 = errors;
if(errors === _errs71){
if(Array.isArray(data31)){
var valid11 = true;
const len2 = data31.length;
for(let i2=0; i2<len2; i2++){
let data32 = data31[i2];
const _errs73 = errors;
if(typeof data32 !== "string"){
validate34.errors = [{instancePath:instancePath+"/models/adapters/" + i2,schemaPath:"#/properties/models/properties/adapters/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.models.properties.adapters.items.type,parentSchema:schema32.properties.models.properties.adapters.items,data:data32}];
return false;
}
var valid11 = _errs73 === errors;
if(!valid11){
break;
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/models/adapters",schemaPath:"#/properties/models/properties/adapters/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema32.properties.models.properties.adapters.type,parentSchema:schema32.properties.models.properties.adapters,data:data31}];
return false;
}
}
var valid10 = _errs71 === errors;
}
else {
var valid10 = true;
}
if(valid10){
if(data29.steps !== undefined){
let data33 = data29.steps;
const _errs75 = errors;
if(errors === _errs75){
if(Array.isArray(data33)){
var valid12 = true;
const len3 = data33.length;
for(let i3=0; i3<len3; i3++){
let data34 = data33[i3];
const _errs77 = errors;
if((!(((typeof data34 == "number") && (!(data34 % 1) && !isNaN(data34))) && (isFinite(data34)))) && (data34 !== null)){
validate34.errors = [{instancePath:instancePath+"/models/steps/" + i3,schemaPath:"#/properties/models/properties/steps/items/type",keyword:"type",params:{type: schema32.properties.models.properties.steps.items.type},message:"must be integer,null",schema:schema32.properties.models.properties.steps.items.type,parentSchema:schema32.properties.models.properties.steps.items,data:data34}];
return false;
}
if(errors === _errs77){
if((typeof data34 == "number") && (isFinite(data34))){
if(data34 < 0 || isNaN(data34)){
validate34.errors = [{instancePath:instancePath+"/models/steps/" + i3,schemaPath:"#/properties/models/properties/steps/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema32.properties.models.properties.steps.items,data:data34}];
return false;
}
}
}
var valid12 = _errs77 === errors;
if(!valid12){
break;
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/models/steps",schemaPath:"#/properties/models/properties/steps/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema32.properties.models.properties.steps.type,parentSchema:schema32.properties.models.properties.steps,data:data33}];
return false;
}
}
var valid10 = _errs75 === errors;
}
else {
var valid10 = true;
}
}
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/models",schemaPath:"#/properties/models/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.properties.models.type,parentSchema:schema32.properties.models,data:data29}];
return false;
}
}
var valid0 = _errs66 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.sampling !== undefined){
let data35 = data.sampling;
const _errs79 = errors;
if(errors === _errs79){
if(data35 && typeof data35 == "object" && !Array.isArray(data35)){
let missing8;
if(((((data35.temperature === undefined) && (missing8 = "temperature")) || ((data35.topP === undefined) && (missing8 = "topP"))) || ((data35.seed === undefined) && (missing8 = "seed"))) || ((data35.maxTokens === undefined) && (missing8 = "maxTokens"))){
validate34.errors = [{instancePath:instancePath+"/sampling",schemaPath:"#/properties/sampling/required",keyword:"required",params:{missingProperty: missing8},message:"must have required property '"+missing8+"'",schema:schema32.properties.sampling.required,parentSchema:schema32.properties.sampling,data:data35}];
return false;
}
else {
const _errs81 = errors;
for(const key8 in data35){
if(!(((((key8 === "temperature") || (key8 === "topP")) || (key8 === "seed")) || (key8 === "maxTokens")) || (key8 === "samples"))){
validate34.errors = [{instancePath:instancePath+"/sampling",schemaPath:"#/properties/sampling/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties",schema:false,parentSchema:schema32.properties.sampling,data:data35}];
return false;
break;
}
}
if(_errs81 === errors){
if(data35.temperature !== undefined){
let data36 = data35.temperature;
const _errs82 = errors;
if(!((typeof data36 == "number") && (isFinite(data36)))){
validate34.errors = [{instancePath:instancePath+"/sampling/temperature",schemaPath:"#/properties/sampling/properties/temperature/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema32.properties.sampling.properties.temperature.type,parentSchema:schema32.properties.sampling.properties.temperature,data:data36}];
return false;
}
var valid13 = _errs82 === errors;
}
else {
var valid13 = true;
}
if(valid13){
if(data35.topP !== undefined){
let data37 = data35.topP;
const _errs84 = errors;
if(!((typeof data37 == "number") && (isFinite(data37)))){
validate34.errors = [{instancePath:instancePath+"/sampling/topP",schemaPath:"#/properties/sampling/properties/topP/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema32.properties.sampling.properties.topP.type,parentSchema:schema32.properties.sampling.properties.topP,data:data37}];
return false;
}
var valid13 = _errs84 === errors;
}
else {
var valid13 = true;
}
if(valid13){
if(data35.seed !== undefined){
let data38 = data35.seed;
const _errs86 = errors;
if(errors === _errs86){
if(typeof data38 === "string"){
if(!pattern7.test(data38)){
validate34.errors = [{instancePath:instancePath+"/sampling/seed",schemaPath:"#/properties/sampling/properties/seed/pattern",keyword:"pattern",params:{pattern: "^-?[0-9]+$"},message:"must match pattern \""+"^-?[0-9]+$"+"\"",schema:"^-?[0-9]+$",parentSchema:schema32.properties.sampling.properties.seed,data:data38}];
return false;
}
}
else {
validate34.errors = [{instancePath:instancePath+"/sampling/seed",schemaPath:"#/properties/sampling/properties/seed/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.sampling.properties.seed.type,parentSchema:schema32.properties.sampling.properties.seed,data:data38}];
return false;
}
}
var valid13 = _errs86 === errors;
}
else {
var valid13 = true;
}
if(valid13){
if(data35.maxTokens !== undefined){
let data39 = data35.maxTokens;
const _errs88 = errors;
if(!(((typeof data39 == "number") && (!(data39 % 1) && !isNaN(data39))) && (isFinite(data39)))){
validate34.errors = [{instancePath:instancePath+"/sampling/maxTokens",schemaPath:"#/properties/sampling/properties/maxTokens/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema32.properties.sampling.properties.maxTokens.type,parentSchema:schema32.properties.sampling.properties.maxTokens,data:data39}];
return false;
}
if(errors === _errs88){
if((typeof data39 == "number") && (isFinite(data39))){
if(data39 < 1 || isNaN(data39)){
validate34.errors = [{instancePath:instancePath+"/sampling/maxTokens",schemaPath:"#/properties/sampling/properties/maxTokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema32.properties.sampling.properties.maxTokens,data:data39}];
return false;
}
}
}
var valid13 = _errs88 === errors;
}
else {
var valid13 = true;
}
if(valid13){
if(data35.samples !== undefined){
let data40 = data35.samples;
const _errs90 = errors;
if(!(((typeof data40 == "number") && (!(data40 % 1) && !isNaN(data40))) && (isFinite(data40)))){
validate34.errors = [{instancePath:instancePath+"/sampling/samples",schemaPath:"#/properties/sampling/properties/samples/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema32.properties.sampling.properties.samples.type,parentSchema:schema32.properties.sampling.properties.samples,data:data40}];
return false;
}
if(errors === _errs90){
if((typeof data40 == "number") && (isFinite(data40))){
if(data40 > 64 || isNaN(data40)){
validate34.errors = [{instancePath:instancePath+"/sampling/samples",schemaPath:"#/properties/sampling/properties/samples/maximum",keyword:"maximum",params:{comparison: "<=", limit: 64},message:"must be <= 64",schema:64,parentSchema:schema32.properties.sampling.properties.samples,data:data40}];
return false;
}
else {
if(data40 < 2 || isNaN(data40)){
validate34.errors = [{instancePath:instancePath+"/sampling/samples",schemaPath:"#/properties/sampling/properties/samples/minimum",keyword:"minimum",params:{comparison: ">=", limit: 2},message:"must be >= 2",schema:2,parentSchema:schema32.properties.sampling.properties.samples,data:data40}];
return false;
}
}
}
}
var valid13 = _errs90 === errors;
}
else {
var valid13 = true;
}
}
}
}
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/sampling",schemaPath:"#/properties/sampling/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.properties.sampling.type,parentSchema:schema32.properties.sampling,data:data35}];
return false;
}
}
var valid0 = _errs79 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.thinking !== undefined){
let data41 = data.thinking;
const _errs92 = errors;
if(errors === _errs92){
if(data41 && typeof data41 == "object" && !Array.isArray(data41)){
let missing9;
if(((data41.mode === undefined) && (missing9 = "mode")) || ((data41.templateKey === undefined) && (missing9 = "templateKey"))){
validate34.errors = [{instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/required",keyword:"required",params:{missingProperty: missing9},message:"must have required property '"+missing9+"'",schema:schema32.properties.thinking.required,parentSchema:schema32.properties.thinking,data:data41}];
return false;
}
else {
const _errs94 = errors;
for(const key9 in data41){
if(!((key9 === "mode") || (key9 === "templateKey"))){
validate34.errors = [{instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties",schema:false,parentSchema:schema32.properties.thinking,data:data41}];
return false;
break;
}
}
if(_errs94 === errors){
if(data41.mode !== undefined){
let data42 = data41.mode;
const _errs95 = errors;
if(!((data42 === "off") || (data42 === "on"))){
validate34.errors = [{instancePath:instancePath+"/thinking/mode",schemaPath:"#/properties/thinking/properties/mode/enum",keyword:"enum",params:{allowedValues: schema32.properties.thinking.properties.mode.enum},message:"must be equal to one of the allowed values",schema:schema32.properties.thinking.properties.mode.enum,parentSchema:schema32.properties.thinking.properties.mode,data:data42}];
return false;
}
var valid14 = _errs95 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data41.templateKey !== undefined){
let data43 = data41.templateKey;
const _errs96 = errors;
if(typeof data43 !== "string"){
validate34.errors = [{instancePath:instancePath+"/thinking/templateKey",schemaPath:"#/properties/thinking/properties/templateKey/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.thinking.properties.templateKey.type,parentSchema:schema32.properties.thinking.properties.templateKey,data:data43}];
return false;
}
var valid14 = _errs96 === errors;
}
else {
var valid14 = true;
}
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/thinking",schemaPath:"#/properties/thinking/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.properties.thinking.type,parentSchema:schema32.properties.thinking,data:data41}];
return false;
}
}
var valid0 = _errs92 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.probe !== undefined){
let data44 = data.probe;
const _errs98 = errors;
if(errors === _errs98){
if(data44 && typeof data44 == "object" && !Array.isArray(data44)){
let missing10;
if(((data44.batchInvariant === undefined) && (missing10 = "batchInvariant")) || ((data44.items === undefined) && (missing10 = "items"))){
validate34.errors = [{instancePath:instancePath+"/probe",schemaPath:"#/properties/probe/required",keyword:"required",params:{missingProperty: missing10},message:"must have required property '"+missing10+"'",schema:schema32.properties.probe.required,parentSchema:schema32.properties.probe,data:data44}];
return false;
}
else {
const _errs100 = errors;
for(const key10 in data44){
if(!((key10 === "batchInvariant") || (key10 === "items"))){
validate34.errors = [{instancePath:instancePath+"/probe",schemaPath:"#/properties/probe/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key10},message:"must NOT have additional properties",schema:false,parentSchema:schema32.properties.probe,data:data44}];
return false;
break;
}
}
if(_errs100 === errors){
if(data44.batchInvariant !== undefined){
let data45 = data44.batchInvariant;
const _errs101 = errors;
if(!(((data45 === "required") || (data45 === "asserted")) || (data45 === "not-required"))){
validate34.errors = [{instancePath:instancePath+"/probe/batchInvariant",schemaPath:"#/properties/probe/properties/batchInvariant/enum",keyword:"enum",params:{allowedValues: schema32.properties.probe.properties.batchInvariant.enum},message:"must be equal to one of the allowed values",schema:schema32.properties.probe.properties.batchInvariant.enum,parentSchema:schema32.properties.probe.properties.batchInvariant,data:data45}];
return false;
}
var valid15 = _errs101 === errors;
}
else {
var valid15 = true;
}
if(valid15){
if(data44.items !== undefined){
let data46 = data44.items;
const _errs102 = errors;
if(!(((typeof data46 == "number") && (!(data46 % 1) && !isNaN(data46))) && (isFinite(data46)))){
validate34.errors = [{instancePath:instancePath+"/probe/items",schemaPath:"#/properties/probe/properties/items/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema32.properties.probe.properties.items.type,parentSchema:schema32.properties.probe.properties.items,data:data46}];
return false;
}
if(errors === _errs102){
if((typeof data46 == "number") && (isFinite(data46))){
if(data46 < 0 || isNaN(data46)){
validate34.errors = [{instancePath:instancePath+"/probe/items",schemaPath:"#/properties/probe/properties/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema32.properties.probe.properties.items,data:data46}];
return false;
}
}
}
var valid15 = _errs102 === errors;
}
else {
var valid15 = true;
}
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/probe",schemaPath:"#/properties/probe/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.properties.probe.type,parentSchema:schema32.properties.probe,data:data44}];
return false;
}
}
var valid0 = _errs98 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.system !== undefined){
let data47 = data.system;
const _errs104 = errors;
if(typeof data47 !== "string"){
validate34.errors = [{instancePath:instancePath+"/system",schemaPath:"#/properties/system/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.system.type,parentSchema:schema32.properties.system,data:data47}];
return false;
}
var valid0 = _errs104 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.decision !== undefined){
let data48 = data.decision;
const _errs106 = errors;
if(errors === _errs106){
if(data48 && typeof data48 == "object" && !Array.isArray(data48)){
let missing11;
if(((data48.margin === undefined) && (missing11 = "margin")) || ((data48.guard === undefined) && (missing11 = "guard"))){
validate34.errors = [{instancePath:instancePath+"/decision",schemaPath:"#/properties/decision/required",keyword:"required",params:{missingProperty: missing11},message:"must have required property '"+missing11+"'",schema:schema32.properties.decision.required,parentSchema:schema32.properties.decision,data:data48}];
return false;
}
else {
const _errs108 = errors;
for(const key11 in data48){
if(!((key11 === "margin") || (key11 === "guard"))){
validate34.errors = [{instancePath:instancePath+"/decision",schemaPath:"#/properties/decision/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11},message:"must NOT have additional properties",schema:false,parentSchema:schema32.properties.decision,data:data48}];
return false;
break;
}
}
if(_errs108 === errors){
if(data48.margin !== undefined){
let data49 = data48.margin;
const _errs109 = errors;
if(errors === _errs109){
if((typeof data49 == "number") && (isFinite(data49))){
if(data49 > 100 || isNaN(data49)){
validate34.errors = [{instancePath:instancePath+"/decision/margin",schemaPath:"#/properties/decision/properties/margin/maximum",keyword:"maximum",params:{comparison: "<=", limit: 100},message:"must be <= 100",schema:100,parentSchema:schema32.properties.decision.properties.margin,data:data49}];
return false;
}
else {
if(data49 < 0 || isNaN(data49)){
validate34.errors = [{instancePath:instancePath+"/decision/margin",schemaPath:"#/properties/decision/properties/margin/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema32.properties.decision.properties.margin,data:data49}];
return false;
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/decision/margin",schemaPath:"#/properties/decision/properties/margin/type",keyword:"type",params:{type: "number"},message:"must be number",schema:schema32.properties.decision.properties.margin.type,parentSchema:schema32.properties.decision.properties.margin,data:data49}];
return false;
}
}
var valid16 = _errs109 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data48.guard !== undefined){
let data50 = data48.guard;
const _errs111 = errors;
if(errors === _errs111){
if(Array.isArray(data50)){
var valid17 = true;
const len4 = data50.length;
for(let i4=0; i4<len4; i4++){
let data51 = data50[i4];
const _errs113 = errors;
if(!((((data51 === "no-call") || (data51 === "single")) || (data51 === "parallel")) || (data51 === "multiple"))){
validate34.errors = [{instancePath:instancePath+"/decision/guard/" + i4,schemaPath:"#/$defs/category/enum",keyword:"enum",params:{allowedValues: schema33.enum},message:"must be equal to one of the allowed values",schema:schema33.enum,parentSchema:schema33,data:data51}];
return false;
}
var valid17 = _errs113 === errors;
if(!valid17){
break;
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/decision/guard",schemaPath:"#/properties/decision/properties/guard/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema32.properties.decision.properties.guard.type,parentSchema:schema32.properties.decision.properties.guard,data:data50}];
return false;
}
}
var valid16 = _errs111 === errors;
}
else {
var valid16 = true;
}
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/decision",schemaPath:"#/properties/decision/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.properties.decision.type,parentSchema:schema32.properties.decision,data:data48}];
return false;
}
}
var valid0 = _errs106 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.probes !== undefined){
let data52 = data.probes;
const _errs115 = errors;
if(errors === _errs115){
if(Array.isArray(data52)){
if(data52.length < 1){
validate34.errors = [{instancePath:instancePath+"/probes",schemaPath:"#/properties/probes/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema32.properties.probes,data:data52}];
return false;
}
else {
var valid19 = true;
const len5 = data52.length;
for(let i5=0; i5<len5; i5++){
let data53 = data52[i5];
const _errs117 = errors;
const _errs118 = errors;
let valid20 = true;
const _errs119 = errors;
if(typeof data53 !== "string"){
const err3 = {};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var _valid1 = _errs119 === errors;
errors = _errs118;
if(vErrors !== null){
if(_errs118){
vErrors.length = _errs118;
}
else {
vErrors = null;
}
}
let ifClause0;
if(_valid1){
const _errs121 = errors;
if(!((data53 === "irrelevance") || (data53 === "shuffled-tools"))){
validate34.errors = [{instancePath:instancePath+"/probes/" + i5,schemaPath:"#/properties/probes/items/then/enum",keyword:"enum",params:{allowedValues: schema32.properties.probes.items.then.enum},message:"must be equal to one of the allowed values",schema:schema32.properties.probes.items.then.enum,parentSchema:schema32.properties.probes.items.then,data:data53}];
return false;
}
var _valid1 = _errs121 === errors;
valid20 = _valid1;
ifClause0 = "then";
}
else {
const _errs122 = errors;
if(errors === _errs122){
if(data53 && typeof data53 == "object" && !Array.isArray(data53)){
if(Object.keys(data53).length > 1){
validate34.errors = [{instancePath:instancePath+"/probes/" + i5,schemaPath:"#/properties/probes/items/else/maxProperties",keyword:"maxProperties",params:{limit: 1},message:"must NOT have more than 1 properties",schema:1,parentSchema:schema32.properties.probes.items.else,data:data53}];
return false;
}
else {
if(Object.keys(data53).length < 1){
validate34.errors = [{instancePath:instancePath+"/probes/" + i5,schemaPath:"#/properties/probes/items/else/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties",schema:1,parentSchema:schema32.properties.probes.items.else,data:data53}];
return false;
}
else {
const _errs124 = errors;
for(const key12 in data53){
if(!((key12 === "distractors") || (key12 === "system"))){
validate34.errors = [{instancePath:instancePath+"/probes/" + i5,schemaPath:"#/properties/probes/items/else/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key12},message:"must NOT have additional properties",schema:false,parentSchema:schema32.properties.probes.items.else,data:data53}];
return false;
break;
}
}
if(_errs124 === errors){
if(data53.distractors !== undefined){
let data54 = data53.distractors;
const _errs125 = errors;
if(!(((typeof data54 == "number") && (!(data54 % 1) && !isNaN(data54))) && (isFinite(data54)))){
validate34.errors = [{instancePath:instancePath+"/probes/" + i5+"/distractors",schemaPath:"#/properties/probes/items/else/properties/distractors/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema32.properties.probes.items.else.properties.distractors.type,parentSchema:schema32.properties.probes.items.else.properties.distractors,data:data54}];
return false;
}
if(errors === _errs125){
if((typeof data54 == "number") && (isFinite(data54))){
if(data54 < 1 || isNaN(data54)){
validate34.errors = [{instancePath:instancePath+"/probes/" + i5+"/distractors",schemaPath:"#/properties/probes/items/else/properties/distractors/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema32.properties.probes.items.else.properties.distractors,data:data54}];
return false;
}
}
}
var valid21 = _errs125 === errors;
}
else {
var valid21 = true;
}
if(valid21){
if(data53.system !== undefined){
let data55 = data53.system;
const _errs127 = errors;
if(errors === _errs127){
if(Array.isArray(data55)){
if(data55.length < 1){
validate34.errors = [{instancePath:instancePath+"/probes/" + i5+"/system",schemaPath:"#/properties/probes/items/else/properties/system/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema32.properties.probes.items.else.properties.system,data:data55}];
return false;
}
else {
var valid22 = true;
const len6 = data55.length;
for(let i6=0; i6<len6; i6++){
let data56 = data55[i6];
const _errs129 = errors;
const _errs130 = errors;
let valid23 = true;
const _errs131 = errors;
if(data56 !== null){
const err4 = {};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid2 = _errs131 === errors;
errors = _errs130;
if(vErrors !== null){
if(_errs130){
vErrors.length = _errs130;
}
else {
vErrors = null;
}
}
if(!_valid2){
const _errs133 = errors;
if(typeof data56 !== "string"){
validate34.errors = [{instancePath:instancePath+"/probes/" + i5+"/system/" + i6,schemaPath:"#/properties/probes/items/else/properties/system/items/else/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema32.properties.probes.items.else.properties.system.items.else.type,parentSchema:schema32.properties.probes.items.else.properties.system.items.else,data:data56}];
return false;
}
var _valid2 = _errs133 === errors;
valid23 = _valid2;
}
if(!valid23){
const err5 = {instancePath:instancePath+"/probes/" + i5+"/system/" + i6,schemaPath:"#/properties/probes/items/else/properties/system/items/if",keyword:"if",params:{failingKeyword: "else"},message:"must match \"else\" schema",schema:schema32.properties.probes.items.else.properties.system.items.if,parentSchema:schema32.properties.probes.items.else.properties.system.items,data:data56};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
validate34.errors = vErrors;
return false;
}
var valid22 = _errs129 === errors;
if(!valid22){
break;
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/probes/" + i5+"/system",schemaPath:"#/properties/probes/items/else/properties/system/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema32.properties.probes.items.else.properties.system.type,parentSchema:schema32.properties.probes.items.else.properties.system,data:data55}];
return false;
}
}
var valid21 = _errs127 === errors;
}
else {
var valid21 = true;
}
}
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/probes/" + i5,schemaPath:"#/properties/probes/items/else/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.properties.probes.items.else.type,parentSchema:schema32.properties.probes.items.else,data:data53}];
return false;
}
}
var _valid1 = _errs122 === errors;
valid20 = _valid1;
ifClause0 = "else";
}
if(!valid20){
const err6 = {instancePath:instancePath+"/probes/" + i5,schemaPath:"#/properties/probes/items/if",keyword:"if",params:{failingKeyword: ifClause0},message:"must match \""+ifClause0+"\" schema",schema:schema32.properties.probes.items.if,parentSchema:schema32.properties.probes.items,data:data53};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
validate34.errors = vErrors;
return false;
}
var valid19 = _errs117 === errors;
if(!valid19){
break;
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/probes",schemaPath:"#/properties/probes/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema32.properties.probes.type,parentSchema:schema32.properties.probes,data:data52}];
return false;
}
}
var valid0 = _errs115 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.shard !== undefined){
let data57 = data.shard;
const _errs135 = errors;
if(errors === _errs135){
if(data57 && typeof data57 == "object" && !Array.isArray(data57)){
let missing12;
if(((data57.index === undefined) && (missing12 = "index")) || ((data57.count === undefined) && (missing12 = "count"))){
validate34.errors = [{instancePath:instancePath+"/shard",schemaPath:"#/properties/shard/required",keyword:"required",params:{missingProperty: missing12},message:"must have required property '"+missing12+"'",schema:schema32.properties.shard.required,parentSchema:schema32.properties.shard,data:data57}];
return false;
}
else {
const _errs137 = errors;
for(const key13 in data57){
if(!((key13 === "index") || (key13 === "count"))){
validate34.errors = [{instancePath:instancePath+"/shard",schemaPath:"#/properties/shard/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key13},message:"must NOT have additional properties",schema:false,parentSchema:schema32.properties.shard,data:data57}];
return false;
break;
}
}
if(_errs137 === errors){
if(data57.index !== undefined){
let data58 = data57.index;
const _errs138 = errors;
if(!(((typeof data58 == "number") && (!(data58 % 1) && !isNaN(data58))) && (isFinite(data58)))){
validate34.errors = [{instancePath:instancePath+"/shard/index",schemaPath:"#/properties/shard/properties/index/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema32.properties.shard.properties.index.type,parentSchema:schema32.properties.shard.properties.index,data:data58}];
return false;
}
if(errors === _errs138){
if((typeof data58 == "number") && (isFinite(data58))){
if(data58 > 65535 || isNaN(data58)){
validate34.errors = [{instancePath:instancePath+"/shard/index",schemaPath:"#/properties/shard/properties/index/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65535},message:"must be <= 65535",schema:65535,parentSchema:schema32.properties.shard.properties.index,data:data58}];
return false;
}
else {
if(data58 < 0 || isNaN(data58)){
validate34.errors = [{instancePath:instancePath+"/shard/index",schemaPath:"#/properties/shard/properties/index/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema32.properties.shard.properties.index,data:data58}];
return false;
}
}
}
}
var valid24 = _errs138 === errors;
}
else {
var valid24 = true;
}
if(valid24){
if(data57.count !== undefined){
let data59 = data57.count;
const _errs140 = errors;
if(!(((typeof data59 == "number") && (!(data59 % 1) && !isNaN(data59))) && (isFinite(data59)))){
validate34.errors = [{instancePath:instancePath+"/shard/count",schemaPath:"#/properties/shard/properties/count/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema32.properties.shard.properties.count.type,parentSchema:schema32.properties.shard.properties.count,data:data59}];
return false;
}
if(errors === _errs140){
if((typeof data59 == "number") && (isFinite(data59))){
if(data59 > 65536 || isNaN(data59)){
validate34.errors = [{instancePath:instancePath+"/shard/count",schemaPath:"#/properties/shard/properties/count/maximum",keyword:"maximum",params:{comparison: "<=", limit: 65536},message:"must be <= 65536",schema:65536,parentSchema:schema32.properties.shard.properties.count,data:data59}];
return false;
}
else {
if(data59 < 1 || isNaN(data59)){
validate34.errors = [{instancePath:instancePath+"/shard/count",schemaPath:"#/properties/shard/properties/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema32.properties.shard.properties.count,data:data59}];
return false;
}
}
}
}
var valid24 = _errs140 === errors;
}
else {
var valid24 = true;
}
}
}
}
}
else {
validate34.errors = [{instancePath:instancePath+"/shard",schemaPath:"#/properties/shard/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.properties.shard.type,parentSchema:schema32.properties.shard,data:data57}];
return false;
}
}
var valid0 = _errs135 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate34.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema32.type,parentSchema:schema32,data}];
return false;
}
}
validate34.errors = vErrors;
return errors === 0;
}
validate34.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const session = validate35;
const schema34 = {"description":"A start or resumption of assess run on the file.","type":"object","additionalProperties":false,"required":["kind","session","startedAt","assessVersion","serverModels","concurrency"],"properties":{"kind":{"const":"session"},"session":{"type":"integer","minimum":1},"startedAt":{"type":"string","description":"ISO 8601 UTC, such as 2026-01-01T00:00:00.000Z."},"assessVersion":{"type":["string","null"]},"serverModels":{"type":"array","items":{"type":"string"}},"concurrency":{"type":"integer","minimum":1},"replicas":{"type":"array","minItems":1,"items":{"$ref":"#/$defs/replicaRef"},"description":"The replicas the session used, after the server checks. Present in every session record of a format 2 file."}}};
const schema35 = {"description":"A replica: its position in the session's list of server URLs (0 for a single URL) and its host:port (never the scheme, path or credentials).","type":"object","additionalProperties":false,"required":["index","host"],"properties":{"index":{"type":"integer","minimum":0},"host":{"type":"string","minLength":1}}};

function validate35(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate35.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((((data.kind === undefined) && (missing0 = "kind")) || ((data.session === undefined) && (missing0 = "session"))) || ((data.startedAt === undefined) && (missing0 = "startedAt"))) || ((data.assessVersion === undefined) && (missing0 = "assessVersion"))) || ((data.serverModels === undefined) && (missing0 = "serverModels"))) || ((data.concurrency === undefined) && (missing0 = "concurrency"))){
validate35.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'",schema:schema34.required,parentSchema:schema34,data}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(((((((key0 === "kind") || (key0 === "session")) || (key0 === "startedAt")) || (key0 === "assessVersion")) || (key0 === "serverModels")) || (key0 === "concurrency")) || (key0 === "replicas"))){
validate35.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema34,data}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.kind !== undefined){
let data0 = data.kind;
const _errs2 = errors;
if("session" !== data0){
validate35.errors = [{instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "session"},message:"must be equal to constant",schema:"session",parentSchema:schema34.properties.kind,data:data0}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.session !== undefined){
let data1 = data.session;
const _errs3 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
validate35.errors = [{instancePath:instancePath+"/session",schemaPath:"#/properties/session/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema34.properties.session.type,parentSchema:schema34.properties.session,data:data1}];
return false;
}
if(errors === _errs3){
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
validate35.errors = [{instancePath:instancePath+"/session",schemaPath:"#/properties/session/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema34.properties.session,data:data1}];
return false;
}
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.startedAt !== undefined){
let data2 = data.startedAt;
const _errs5 = errors;
if(typeof data2 !== "string"){
validate35.errors = [{instancePath:instancePath+"/startedAt",schemaPath:"#/properties/startedAt/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema34.properties.startedAt.type,parentSchema:schema34.properties.startedAt,data:data2}];
return false;
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.assessVersion !== undefined){
let data3 = data.assessVersion;
const _errs7 = errors;
if((typeof data3 !== "string") && (data3 !== null)){
validate35.errors = [{instancePath:instancePath+"/assessVersion",schemaPath:"#/properties/assessVersion/type",keyword:"type",params:{type: schema34.properties.assessVersion.type},message:"must be string,null",schema:schema34.properties.assessVersion.type,parentSchema:schema34.properties.assessVersion,data:data3}];
return false;
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.serverModels !== undefined){
let data4 = data.serverModels;
const _errs9 = errors;
if(errors === _errs9){
if(Array.isArray(data4)){
var valid1 = true;
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
const _errs11 = errors;
if(typeof data5 !== "string"){
validate35.errors = [{instancePath:instancePath+"/serverModels/" + i0,schemaPath:"#/properties/serverModels/items/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema34.properties.serverModels.items.type,parentSchema:schema34.properties.serverModels.items,data:data5}];
return false;
}
var valid1 = _errs11 === errors;
if(!valid1){
break;
}
}
}
else {
validate35.errors = [{instancePath:instancePath+"/serverModels",schemaPath:"#/properties/serverModels/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema34.properties.serverModels.type,parentSchema:schema34.properties.serverModels,data:data4}];
return false;
}
}
var valid0 = _errs9 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.concurrency !== undefined){
let data6 = data.concurrency;
const _errs13 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
validate35.errors = [{instancePath:instancePath+"/concurrency",schemaPath:"#/properties/concurrency/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema34.properties.concurrency.type,parentSchema:schema34.properties.concurrency,data:data6}];
return false;
}
if(errors === _errs13){
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 1 || isNaN(data6)){
validate35.errors = [{instancePath:instancePath+"/concurrency",schemaPath:"#/properties/concurrency/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema34.properties.concurrency,data:data6}];
return false;
}
}
}
var valid0 = _errs13 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.replicas !== undefined){
let data7 = data.replicas;
const _errs15 = errors;
if(errors === _errs15){
if(Array.isArray(data7)){
if(data7.length < 1){
validate35.errors = [{instancePath:instancePath+"/replicas",schemaPath:"#/properties/replicas/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items",schema:1,parentSchema:schema34.properties.replicas,data:data7}];
return false;
}
else {
var valid2 = true;
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
let data8 = data7[i1];
const _errs17 = errors;
const _errs18 = errors;
if(errors === _errs18){
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
let missing1;
if(((data8.index === undefined) && (missing1 = "index")) || ((data8.host === undefined) && (missing1 = "host"))){
validate35.errors = [{instancePath:instancePath+"/replicas/" + i1,schemaPath:"#/$defs/replicaRef/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'",schema:schema35.required,parentSchema:schema35,data:data8}];
return false;
}
else {
const _errs20 = errors;
for(const key1 in data8){
if(!((key1 === "index") || (key1 === "host"))){
validate35.errors = [{instancePath:instancePath+"/replicas/" + i1,schemaPath:"#/$defs/replicaRef/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema35,data:data8}];
return false;
break;
}
}
if(_errs20 === errors){
if(data8.index !== undefined){
let data9 = data8.index;
const _errs21 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
validate35.errors = [{instancePath:instancePath+"/replicas/" + i1+"/index",schemaPath:"#/$defs/replicaRef/properties/index/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema35.properties.index.type,parentSchema:schema35.properties.index,data:data9}];
return false;
}
if(errors === _errs21){
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
validate35.errors = [{instancePath:instancePath+"/replicas/" + i1+"/index",schemaPath:"#/$defs/replicaRef/properties/index/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema35.properties.index,data:data9}];
return false;
}
}
}
var valid4 = _errs21 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data8.host !== undefined){
let data10 = data8.host;
const _errs23 = errors;
if(errors === _errs23){
if(typeof data10 === "string"){
if(data10.length < 1){
validate35.errors = [{instancePath:instancePath+"/replicas/" + i1+"/host",schemaPath:"#/$defs/replicaRef/properties/host/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema35.properties.host,data:data10}];
return false;
}
}
else {
validate35.errors = [{instancePath:instancePath+"/replicas/" + i1+"/host",schemaPath:"#/$defs/replicaRef/properties/host/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema35.properties.host.type,parentSchema:schema35.properties.host,data:data10}];
return false;
}
}
var valid4 = _errs23 === errors;
}
else {
var valid4 = true;
}
}
}
}
}
else {
validate35.errors = [{instancePath:instancePath+"/replicas/" + i1,schemaPath:"#/$defs/replicaRef/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema35.type,parentSchema:schema35,data:data8}];
return false;
}
}
var valid2 = _errs17 === errors;
if(!valid2){
break;
}
}
}
}
else {
validate35.errors = [{instancePath:instancePath+"/replicas",schemaPath:"#/properties/replicas/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema34.properties.replicas.type,parentSchema:schema34.properties.replicas,data:data7}];
return false;
}
}
var valid0 = _errs15 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate35.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema34.type,parentSchema:schema34,data}];
return false;
}
}
validate35.errors = vErrors;
return errors === 0;
}
validate35.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const result = validate36;
const schema36 = {"type":"object","additionalProperties":false,"required":["kind","model","itemId","itemIndex","session","requestDigest","attempts","latencyMs","response","reply","usage","error","verdict"],"properties":{"kind":{"const":"result"},"model":{"type":"string","description":"The model asked: the baseline's or an adapter's served name."},"itemId":{"anyOf":[{"type":"integer"},{"type":"string"}],"description":"The item's id: an integer, or a string (a chat-jsonl dataset's)."},"itemIndex":{"type":"integer","minimum":0,"description":"The item's position in the dataset file; with model, the key of a result."},"sample":{"type":"integer","minimum":0,"maximum":63,"description":"Which of the item's samples this is (0 to sampling.samples - 1), only when the header's sampling.samples is above 1; with model and itemIndex, the key of a result."},"session":{"type":"integer","minimum":1},"requestDigest":{"type":"string","pattern":"^[0-9a-f]{64}$","description":"SHA-256 of the request body's exact bytes."},"attempts":{"type":"integer","minimum":1},"latencyMs":{"type":["number","null"],"minimum":0},"response":{"oneOf":[{"$ref":"#/$defs/rawResponse"},{"type":"null"}]},"reply":{"oneOf":[{"$ref":"#/$defs/reply"},{"type":"null"}]},"usage":{"oneOf":[{"$ref":"#/$defs/usage"},{"type":"null"}]},"error":{"oneOf":[{"$ref":"#/$defs/error"},{"type":"null"}]},"verdict":{"oneOf":[{"$ref":"#/$defs/verdict"},{"type":"null"}]},"category":{"$ref":"#/$defs/category","description":"The item's category, from its answer: no-call (no call), single (one call), parallel (two or more calls to one tool), multiple (two or more calls, two or more tools). Written by assess run from format 2 on; absent in older records."},"cluster":{"type":"string","description":"The item's cluster: a chat-jsonl line's own cluster, else the names of the tools it offers, each once, sorted, as a JSON array's text. The report counts the items of a cluster together. Absent in records written before assess recorded it."},"replica":{"$ref":"#/$defs/replicaRef","description":"The replica that answered the last attempt. Present in every result record of a format 2 file."}},"oneOf":[{"properties":{"reply":{"type":"object"},"error":{"type":"null"},"verdict":{"type":"object"}}},{"properties":{"reply":{"type":"null"},"error":{"type":"object"},"verdict":{"type":"null"}}}],"description":"A (model, item) answered (reply and verdict, error null) or failed (error, reply and verdict null). A pair may have error records from earlier sessions and at most one answer; the answer wins."};
const schema37 = {"description":"The raw response to the last attempt.","type":"object","additionalProperties":false,"required":["status","body"],"properties":{"status":{"type":"integer"},"body":{"type":["string","null"],"description":"The body as text, or null when it was not read whole."}}};
const schema40 = {"type":"object","additionalProperties":false,"required":["promptTokens","completionTokens","totalTokens","reasoningTokens"],"properties":{"promptTokens":{"type":["integer","null"],"minimum":0},"completionTokens":{"type":["integer","null"],"minimum":0},"totalTokens":{"type":["integer","null"],"minimum":0},"reasoningTokens":{"type":["integer","null"],"minimum":0}}};
const schema41 = {"description":"Why there is no reply. An error is never a wrong answer.","type":"object","additionalProperties":false,"required":["kind","message","status","transient"],"properties":{"kind":{"enum":["network","timeout","http","malformed","too-large","broken-body","mismatch","scorer"]},"message":{"type":"string","description":"What happened, on one line. Never a secret."},"status":{"type":["integer","null"]},"transient":{"type":"boolean","description":"Whether retrying might cure it (it was retried until the retries ran out)."}}};
const schema42 = {"description":"The scorer's verdict.","type":"object","additionalProperties":false,"required":["correct","reason","detail"],"properties":{"correct":{"type":"boolean"},"reason":{"type":"string","description":"One of the scorer's declared reasons."},"detail":{"type":"string"}}};
const schema38 = {"description":"The reply read from the response: content as text ('' when null), tool calls, truncated when finish_reason is length or completion_tokens >= sampling.maxTokens, reasoning from reasoning ?? reasoning_content.","type":"object","additionalProperties":false,"required":["text","calls","truncated","reasoning","finishReason"],"properties":{"text":{"type":"string"},"calls":{"type":"array","items":{"$ref":"#/$defs/call"}},"truncated":{"type":"boolean"},"reasoning":{"type":["string","null"]},"finishReason":{"type":["string","null"]}}};
const schema39 = {"type":"object","additionalProperties":false,"required":["name","arguments"],"properties":{"name":{"type":"string"},"arguments":{"type":"string","description":"The arguments text exactly as the server sent it."}}};

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate26.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((((data.text === undefined) && (missing0 = "text")) || ((data.calls === undefined) && (missing0 = "calls"))) || ((data.truncated === undefined) && (missing0 = "truncated"))) || ((data.reasoning === undefined) && (missing0 = "reasoning"))) || ((data.finishReason === undefined) && (missing0 = "finishReason"))){
validate26.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'",schema:schema38.required,parentSchema:schema38,data}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(((((key0 === "text") || (key0 === "calls")) || (key0 === "truncated")) || (key0 === "reasoning")) || (key0 === "finishReason"))){
validate26.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema38,data}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.text !== undefined){
let data0 = data.text;
const _errs2 = errors;
if(typeof data0 !== "string"){
validate26.errors = [{instancePath:instancePath+"/text",schemaPath:"#/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema38.properties.text.type,parentSchema:schema38.properties.text,data:data0}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.calls !== undefined){
let data1 = data.calls;
const _errs4 = errors;
if(errors === _errs4){
if(Array.isArray(data1)){
var valid1 = true;
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
const _errs6 = errors;
const _errs7 = errors;
if(errors === _errs7){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
let missing1;
if(((data2.name === undefined) && (missing1 = "name")) || ((data2.arguments === undefined) && (missing1 = "arguments"))){
validate26.errors = [{instancePath:instancePath+"/calls/" + i0,schemaPath:"#/$defs/call/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'",schema:schema39.required,parentSchema:schema39,data:data2}];
return false;
}
else {
const _errs9 = errors;
for(const key1 in data2){
if(!((key1 === "name") || (key1 === "arguments"))){
validate26.errors = [{instancePath:instancePath+"/calls/" + i0,schemaPath:"#/$defs/call/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema39,data:data2}];
return false;
break;
}
}
if(_errs9 === errors){
if(data2.name !== undefined){
let data3 = data2.name;
const _errs10 = errors;
if(typeof data3 !== "string"){
validate26.errors = [{instancePath:instancePath+"/calls/" + i0+"/name",schemaPath:"#/$defs/call/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema39.properties.name.type,parentSchema:schema39.properties.name,data:data3}];
return false;
}
var valid3 = _errs10 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.arguments !== undefined){
let data4 = data2.arguments;
const _errs12 = errors;
if(typeof data4 !== "string"){
validate26.errors = [{instancePath:instancePath+"/calls/" + i0+"/arguments",schemaPath:"#/$defs/call/properties/arguments/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema39.properties.arguments.type,parentSchema:schema39.properties.arguments,data:data4}];
return false;
}
var valid3 = _errs12 === errors;
}
else {
var valid3 = true;
}
}
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/calls/" + i0,schemaPath:"#/$defs/call/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema39.type,parentSchema:schema39,data:data2}];
return false;
}
}
var valid1 = _errs6 === errors;
if(!valid1){
break;
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/calls",schemaPath:"#/properties/calls/type",keyword:"type",params:{type: "array"},message:"must be array",schema:schema38.properties.calls.type,parentSchema:schema38.properties.calls,data:data1}];
return false;
}
}
var valid0 = _errs4 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.truncated !== undefined){
let data5 = data.truncated;
const _errs14 = errors;
if(typeof data5 !== "boolean"){
validate26.errors = [{instancePath:instancePath+"/truncated",schemaPath:"#/properties/truncated/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema38.properties.truncated.type,parentSchema:schema38.properties.truncated,data:data5}];
return false;
}
var valid0 = _errs14 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.reasoning !== undefined){
let data6 = data.reasoning;
const _errs16 = errors;
if((typeof data6 !== "string") && (data6 !== null)){
validate26.errors = [{instancePath:instancePath+"/reasoning",schemaPath:"#/properties/reasoning/type",keyword:"type",params:{type: schema38.properties.reasoning.type},message:"must be string,null",schema:schema38.properties.reasoning.type,parentSchema:schema38.properties.reasoning,data:data6}];
return false;
}
var valid0 = _errs16 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.finishReason !== undefined){
let data7 = data.finishReason;
const _errs18 = errors;
if((typeof data7 !== "string") && (data7 !== null)){
validate26.errors = [{instancePath:instancePath+"/finishReason",schemaPath:"#/properties/finishReason/type",keyword:"type",params:{type: schema38.properties.finishReason.type},message:"must be string,null",schema:schema38.properties.finishReason.type,parentSchema:schema38.properties.finishReason,data:data7}];
return false;
}
var valid0 = _errs18 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
else {
validate26.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema38.type,parentSchema:schema38,data}];
return false;
}
}
validate26.errors = vErrors;
return errors === 0;
}
validate26.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate36(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate36.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs1 = errors;
let valid0 = false;
let passing0 = null;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.reply !== undefined){
let data0 = data.reply;
const _errs3 = errors;
if(!(data0 && typeof data0 == "object" && !Array.isArray(data0))){
const err0 = {instancePath:instancePath+"/reply",schemaPath:"#/oneOf/0/properties/reply/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema36.oneOf[0].properties.reply.type,parentSchema:schema36.oneOf[0].properties.reply,data:data0};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
var valid1 = _errs3 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data.error !== undefined){
let data1 = data.error;
const _errs5 = errors;
if(data1 !== null){
const err1 = {instancePath:instancePath+"/error",schemaPath:"#/oneOf/0/properties/error/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema36.oneOf[0].properties.error.type,parentSchema:schema36.oneOf[0].properties.error,data:data1};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
var valid1 = _errs5 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data.verdict !== undefined){
let data2 = data.verdict;
const _errs7 = errors;
if(!(data2 && typeof data2 == "object" && !Array.isArray(data2))){
const err2 = {instancePath:instancePath+"/verdict",schemaPath:"#/oneOf/0/properties/verdict/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema36.oneOf[0].properties.verdict.type,parentSchema:schema36.oneOf[0].properties.verdict,data:data2};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
var valid1 = _errs7 === errors;
}
else {
var valid1 = true;
}
}
}
}
var _valid0 = _errs2 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
var props0 = {};
props0.reply = true;
props0.error = true;
props0.verdict = true;
}
const _errs9 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.reply !== undefined){
let data3 = data.reply;
const _errs10 = errors;
if(data3 !== null){
const err3 = {instancePath:instancePath+"/reply",schemaPath:"#/oneOf/1/properties/reply/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema36.oneOf[1].properties.reply.type,parentSchema:schema36.oneOf[1].properties.reply,data:data3};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var valid2 = _errs10 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.error !== undefined){
let data4 = data.error;
const _errs12 = errors;
if(!(data4 && typeof data4 == "object" && !Array.isArray(data4))){
const err4 = {instancePath:instancePath+"/error",schemaPath:"#/oneOf/1/properties/error/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema36.oneOf[1].properties.error.type,parentSchema:schema36.oneOf[1].properties.error,data:data4};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var valid2 = _errs12 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.verdict !== undefined){
let data5 = data.verdict;
const _errs14 = errors;
if(data5 !== null){
const err5 = {instancePath:instancePath+"/verdict",schemaPath:"#/oneOf/1/properties/verdict/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema36.oneOf[1].properties.verdict.type,parentSchema:schema36.oneOf[1].properties.verdict,data:data5};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var valid2 = _errs14 === errors;
}
else {
var valid2 = true;
}
}
}
}
var _valid0 = _errs9 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
if(props0 !== true){
props0 = props0 || {};
props0.reply = true;
props0.error = true;
props0.verdict = true;
}
}
}
if(!valid0){
const err6 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf",schema:schema36.oneOf,parentSchema:schema36,data};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
validate36.errors = vErrors;
return false;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((((((((((((data.kind === undefined) && (missing0 = "kind")) || ((data.model === undefined) && (missing0 = "model"))) || ((data.itemId === undefined) && (missing0 = "itemId"))) || ((data.itemIndex === undefined) && (missing0 = "itemIndex"))) || ((data.session === undefined) && (missing0 = "session"))) || ((data.requestDigest === undefined) && (missing0 = "requestDigest"))) || ((data.attempts === undefined) && (missing0 = "attempts"))) || ((data.latencyMs === undefined) && (missing0 = "latencyMs"))) || ((data.response === undefined) && (missing0 = "response"))) || ((data.reply === undefined) && (missing0 = "reply"))) || ((data.usage === undefined) && (missing0 = "usage"))) || ((data.error === undefined) && (missing0 = "error"))) || ((data.verdict === undefined) && (missing0 = "verdict"))){
validate36.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'",schema:schema36.required,parentSchema:schema36,data}];
return false;
}
else {
const _errs16 = errors;
for(const key0 in data){
if(!(func1.call(schema36.properties, key0))){
validate36.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema36,data}];
return false;
break;
}
}
if(_errs16 === errors){
if(data.kind !== undefined){
let data6 = data.kind;
const _errs17 = errors;
if("result" !== data6){
validate36.errors = [{instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "result"},message:"must be equal to constant",schema:"result",parentSchema:schema36.properties.kind,data:data6}];
return false;
}
var valid3 = _errs17 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.model !== undefined){
let data7 = data.model;
const _errs18 = errors;
if(typeof data7 !== "string"){
validate36.errors = [{instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.model.type,parentSchema:schema36.properties.model,data:data7}];
return false;
}
var valid3 = _errs18 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.itemId !== undefined){
let data8 = data.itemId;
const _errs20 = errors;
const _errs21 = errors;
let valid4 = false;
const _errs22 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err7 = {instancePath:instancePath+"/itemId",schemaPath:"#/properties/itemId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema36.properties.itemId.anyOf[0].type,parentSchema:schema36.properties.itemId.anyOf[0],data:data8};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var _valid1 = _errs22 === errors;
valid4 = valid4 || _valid1;
const _errs24 = errors;
if(typeof data8 !== "string"){
const err8 = {instancePath:instancePath+"/itemId",schemaPath:"#/properties/itemId/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.itemId.anyOf[1].type,parentSchema:schema36.properties.itemId.anyOf[1],data:data8};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
var _valid1 = _errs24 === errors;
valid4 = valid4 || _valid1;
if(!valid4){
const err9 = {instancePath:instancePath+"/itemId",schemaPath:"#/properties/itemId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema36.properties.itemId.anyOf,parentSchema:schema36.properties.itemId,data:data8};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
validate36.errors = vErrors;
return false;
}
else {
errors = _errs21;
if(vErrors !== null){
if(_errs21){
vErrors.length = _errs21;
}
else {
vErrors = null;
}
}
}
var valid3 = _errs20 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.itemIndex !== undefined){
let data9 = data.itemIndex;
const _errs26 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
validate36.errors = [{instancePath:instancePath+"/itemIndex",schemaPath:"#/properties/itemIndex/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema36.properties.itemIndex.type,parentSchema:schema36.properties.itemIndex,data:data9}];
return false;
}
if(errors === _errs26){
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
validate36.errors = [{instancePath:instancePath+"/itemIndex",schemaPath:"#/properties/itemIndex/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema36.properties.itemIndex,data:data9}];
return false;
}
}
}
var valid3 = _errs26 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.sample !== undefined){
let data10 = data.sample;
const _errs28 = errors;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
validate36.errors = [{instancePath:instancePath+"/sample",schemaPath:"#/properties/sample/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema36.properties.sample.type,parentSchema:schema36.properties.sample,data:data10}];
return false;
}
if(errors === _errs28){
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 > 63 || isNaN(data10)){
validate36.errors = [{instancePath:instancePath+"/sample",schemaPath:"#/properties/sample/maximum",keyword:"maximum",params:{comparison: "<=", limit: 63},message:"must be <= 63",schema:63,parentSchema:schema36.properties.sample,data:data10}];
return false;
}
else {
if(data10 < 0 || isNaN(data10)){
validate36.errors = [{instancePath:instancePath+"/sample",schemaPath:"#/properties/sample/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema36.properties.sample,data:data10}];
return false;
}
}
}
}
var valid3 = _errs28 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.session !== undefined){
let data11 = data.session;
const _errs30 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
validate36.errors = [{instancePath:instancePath+"/session",schemaPath:"#/properties/session/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema36.properties.session.type,parentSchema:schema36.properties.session,data:data11}];
return false;
}
if(errors === _errs30){
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 1 || isNaN(data11)){
validate36.errors = [{instancePath:instancePath+"/session",schemaPath:"#/properties/session/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema36.properties.session,data:data11}];
return false;
}
}
}
var valid3 = _errs30 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.requestDigest !== undefined){
let data12 = data.requestDigest;
const _errs32 = errors;
if(errors === _errs32){
if(typeof data12 === "string"){
if(!pattern4.test(data12)){
validate36.errors = [{instancePath:instancePath+"/requestDigest",schemaPath:"#/properties/requestDigest/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\"",schema:"^[0-9a-f]{64}$",parentSchema:schema36.properties.requestDigest,data:data12}];
return false;
}
}
else {
validate36.errors = [{instancePath:instancePath+"/requestDigest",schemaPath:"#/properties/requestDigest/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.requestDigest.type,parentSchema:schema36.properties.requestDigest,data:data12}];
return false;
}
}
var valid3 = _errs32 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.attempts !== undefined){
let data13 = data.attempts;
const _errs34 = errors;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
validate36.errors = [{instancePath:instancePath+"/attempts",schemaPath:"#/properties/attempts/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema36.properties.attempts.type,parentSchema:schema36.properties.attempts,data:data13}];
return false;
}
if(errors === _errs34){
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 1 || isNaN(data13)){
validate36.errors = [{instancePath:instancePath+"/attempts",schemaPath:"#/properties/attempts/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema36.properties.attempts,data:data13}];
return false;
}
}
}
var valid3 = _errs34 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.latencyMs !== undefined){
let data14 = data.latencyMs;
const _errs36 = errors;
if((!((typeof data14 == "number") && (isFinite(data14)))) && (data14 !== null)){
validate36.errors = [{instancePath:instancePath+"/latencyMs",schemaPath:"#/properties/latencyMs/type",keyword:"type",params:{type: schema36.properties.latencyMs.type},message:"must be number,null",schema:schema36.properties.latencyMs.type,parentSchema:schema36.properties.latencyMs,data:data14}];
return false;
}
if(errors === _errs36){
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 < 0 || isNaN(data14)){
validate36.errors = [{instancePath:instancePath+"/latencyMs",schemaPath:"#/properties/latencyMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema36.properties.latencyMs,data:data14}];
return false;
}
}
}
var valid3 = _errs36 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.response !== undefined){
let data15 = data.response;
const _errs38 = errors;
const _errs39 = errors;
let valid5 = false;
let passing1 = null;
const _errs40 = errors;
const _errs41 = errors;
if(errors === _errs41){
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
let missing1;
if(((data15.status === undefined) && (missing1 = "status")) || ((data15.body === undefined) && (missing1 = "body"))){
const err10 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/rawResponse/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'",schema:schema37.required,parentSchema:schema37,data:data15};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
else {
const _errs43 = errors;
for(const key1 in data15){
if(!((key1 === "status") || (key1 === "body"))){
const err11 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/rawResponse/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema37,data:data15};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
break;
}
}
if(_errs43 === errors){
if(data15.status !== undefined){
let data16 = data15.status;
const _errs44 = errors;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err12 = {instancePath:instancePath+"/response/status",schemaPath:"#/$defs/rawResponse/properties/status/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema37.properties.status.type,parentSchema:schema37.properties.status,data:data16};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
var valid7 = _errs44 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data15.body !== undefined){
let data17 = data15.body;
const _errs46 = errors;
if((typeof data17 !== "string") && (data17 !== null)){
const err13 = {instancePath:instancePath+"/response/body",schemaPath:"#/$defs/rawResponse/properties/body/type",keyword:"type",params:{type: schema37.properties.body.type},message:"must be string,null",schema:schema37.properties.body.type,parentSchema:schema37.properties.body,data:data17};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var valid7 = _errs46 === errors;
}
else {
var valid7 = true;
}
}
}
}
}
else {
const err14 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/rawResponse/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema37.type,parentSchema:schema37,data:data15};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
var _valid2 = _errs40 === errors;
if(_valid2){
valid5 = true;
passing1 = 0;
}
const _errs48 = errors;
if(data15 !== null){
const err15 = {instancePath:instancePath+"/response",schemaPath:"#/properties/response/oneOf/1/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema36.properties.response.oneOf[1].type,parentSchema:schema36.properties.response.oneOf[1],data:data15};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid2 = _errs48 === errors;
if(_valid2 && valid5){
valid5 = false;
passing1 = [passing1, 1];
}
else {
if(_valid2){
valid5 = true;
passing1 = 1;
}
}
if(!valid5){
const err16 = {instancePath:instancePath+"/response",schemaPath:"#/properties/response/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf",schema:schema36.properties.response.oneOf,parentSchema:schema36.properties.response,data:data15};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
validate36.errors = vErrors;
return false;
}
else {
errors = _errs39;
if(vErrors !== null){
if(_errs39){
vErrors.length = _errs39;
}
else {
vErrors = null;
}
}
}
var valid3 = _errs38 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.reply !== undefined){
let data18 = data.reply;
const _errs50 = errors;
const _errs51 = errors;
let valid8 = false;
let passing2 = null;
const _errs52 = errors;
if(!(validate26(data18, {instancePath:instancePath+"/reply",parentData:data,parentDataProperty:"reply",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);
errors = vErrors.length;
}
var _valid3 = _errs52 === errors;
if(_valid3){
valid8 = true;
passing2 = 0;
}
const _errs53 = errors;
if(data18 !== null){
const err17 = {instancePath:instancePath+"/reply",schemaPath:"#/properties/reply/oneOf/1/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema36.properties.reply.oneOf[1].type,parentSchema:schema36.properties.reply.oneOf[1],data:data18};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var _valid3 = _errs53 === errors;
if(_valid3 && valid8){
valid8 = false;
passing2 = [passing2, 1];
}
else {
if(_valid3){
valid8 = true;
passing2 = 1;
}
}
if(!valid8){
const err18 = {instancePath:instancePath+"/reply",schemaPath:"#/properties/reply/oneOf",keyword:"oneOf",params:{passingSchemas: passing2},message:"must match exactly one schema in oneOf",schema:schema36.properties.reply.oneOf,parentSchema:schema36.properties.reply,data:data18};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
validate36.errors = vErrors;
return false;
}
else {
errors = _errs51;
if(vErrors !== null){
if(_errs51){
vErrors.length = _errs51;
}
else {
vErrors = null;
}
}
}
var valid3 = _errs50 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.usage !== undefined){
let data19 = data.usage;
const _errs55 = errors;
const _errs56 = errors;
let valid9 = false;
let passing3 = null;
const _errs57 = errors;
const _errs58 = errors;
if(errors === _errs58){
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
let missing2;
if(((((data19.promptTokens === undefined) && (missing2 = "promptTokens")) || ((data19.completionTokens === undefined) && (missing2 = "completionTokens"))) || ((data19.totalTokens === undefined) && (missing2 = "totalTokens"))) || ((data19.reasoningTokens === undefined) && (missing2 = "reasoningTokens"))){
const err19 = {instancePath:instancePath+"/usage",schemaPath:"#/$defs/usage/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'",schema:schema40.required,parentSchema:schema40,data:data19};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
else {
const _errs60 = errors;
for(const key2 in data19){
if(!((((key2 === "promptTokens") || (key2 === "completionTokens")) || (key2 === "totalTokens")) || (key2 === "reasoningTokens"))){
const err20 = {instancePath:instancePath+"/usage",schemaPath:"#/$defs/usage/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties",schema:false,parentSchema:schema40,data:data19};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
break;
}
}
if(_errs60 === errors){
if(data19.promptTokens !== undefined){
let data20 = data19.promptTokens;
const _errs61 = errors;
if((!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))) && (data20 !== null)){
const err21 = {instancePath:instancePath+"/usage/promptTokens",schemaPath:"#/$defs/usage/properties/promptTokens/type",keyword:"type",params:{type: schema40.properties.promptTokens.type},message:"must be integer,null",schema:schema40.properties.promptTokens.type,parentSchema:schema40.properties.promptTokens,data:data20};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(errors === _errs61){
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 0 || isNaN(data20)){
const err22 = {instancePath:instancePath+"/usage/promptTokens",schemaPath:"#/$defs/usage/properties/promptTokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema40.properties.promptTokens,data:data20};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
var valid11 = _errs61 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data19.completionTokens !== undefined){
let data21 = data19.completionTokens;
const _errs63 = errors;
if((!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))) && (data21 !== null)){
const err23 = {instancePath:instancePath+"/usage/completionTokens",schemaPath:"#/$defs/usage/properties/completionTokens/type",keyword:"type",params:{type: schema40.properties.completionTokens.type},message:"must be integer,null",schema:schema40.properties.completionTokens.type,parentSchema:schema40.properties.completionTokens,data:data21};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(errors === _errs63){
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 0 || isNaN(data21)){
const err24 = {instancePath:instancePath+"/usage/completionTokens",schemaPath:"#/$defs/usage/properties/completionTokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema40.properties.completionTokens,data:data21};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
var valid11 = _errs63 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data19.totalTokens !== undefined){
let data22 = data19.totalTokens;
const _errs65 = errors;
if((!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))) && (data22 !== null)){
const err25 = {instancePath:instancePath+"/usage/totalTokens",schemaPath:"#/$defs/usage/properties/totalTokens/type",keyword:"type",params:{type: schema40.properties.totalTokens.type},message:"must be integer,null",schema:schema40.properties.totalTokens.type,parentSchema:schema40.properties.totalTokens,data:data22};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(errors === _errs65){
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 < 0 || isNaN(data22)){
const err26 = {instancePath:instancePath+"/usage/totalTokens",schemaPath:"#/$defs/usage/properties/totalTokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema40.properties.totalTokens,data:data22};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
var valid11 = _errs65 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data19.reasoningTokens !== undefined){
let data23 = data19.reasoningTokens;
const _errs67 = errors;
if((!(((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23))) && (isFinite(data23)))) && (data23 !== null)){
const err27 = {instancePath:instancePath+"/usage/reasoningTokens",schemaPath:"#/$defs/usage/properties/reasoningTokens/type",keyword:"type",params:{type: schema40.properties.reasoningTokens.type},message:"must be integer,null",schema:schema40.properties.reasoningTokens.type,parentSchema:schema40.properties.reasoningTokens,data:data23};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(errors === _errs67){
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 < 0 || isNaN(data23)){
const err28 = {instancePath:instancePath+"/usage/reasoningTokens",schemaPath:"#/$defs/usage/properties/reasoningTokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema40.properties.reasoningTokens,data:data23};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
var valid11 = _errs67 === errors;
}
else {
var valid11 = true;
}
}
}
}
}
}
}
else {
const err29 = {instancePath:instancePath+"/usage",schemaPath:"#/$defs/usage/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema40.type,parentSchema:schema40,data:data19};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
var _valid4 = _errs57 === errors;
if(_valid4){
valid9 = true;
passing3 = 0;
}
const _errs69 = errors;
if(data19 !== null){
const err30 = {instancePath:instancePath+"/usage",schemaPath:"#/properties/usage/oneOf/1/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema36.properties.usage.oneOf[1].type,parentSchema:schema36.properties.usage.oneOf[1],data:data19};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
var _valid4 = _errs69 === errors;
if(_valid4 && valid9){
valid9 = false;
passing3 = [passing3, 1];
}
else {
if(_valid4){
valid9 = true;
passing3 = 1;
}
}
if(!valid9){
const err31 = {instancePath:instancePath+"/usage",schemaPath:"#/properties/usage/oneOf",keyword:"oneOf",params:{passingSchemas: passing3},message:"must match exactly one schema in oneOf",schema:schema36.properties.usage.oneOf,parentSchema:schema36.properties.usage,data:data19};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
validate36.errors = vErrors;
return false;
}
else {
errors = _errs56;
if(vErrors !== null){
if(_errs56){
vErrors.length = _errs56;
}
else {
vErrors = null;
}
}
}
var valid3 = _errs55 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.error !== undefined){
let data24 = data.error;
const _errs71 = errors;
const _errs72 = errors;
let valid12 = false;
let passing4 = null;
const _errs73 = errors;
const _errs74 = errors;
if(errors === _errs74){
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
let missing3;
if(((((data24.kind === undefined) && (missing3 = "kind")) || ((data24.message === undefined) && (missing3 = "message"))) || ((data24.status === undefined) && (missing3 = "status"))) || ((data24.transient === undefined) && (missing3 = "transient"))){
const err32 = {instancePath:instancePath+"/error",schemaPath:"#/$defs/error/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'",schema:schema41.required,parentSchema:schema41,data:data24};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
else {
const _errs76 = errors;
for(const key3 in data24){
if(!((((key3 === "kind") || (key3 === "message")) || (key3 === "status")) || (key3 === "transient"))){
const err33 = {instancePath:instancePath+"/error",schemaPath:"#/$defs/error/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties",schema:false,parentSchema:schema41,data:data24};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
break;
}
}
if(_errs76 === errors){
if(data24.kind !== undefined){
let data25 = data24.kind;
const _errs77 = errors;
if(!((((((((data25 === "network") || (data25 === "timeout")) || (data25 === "http")) || (data25 === "malformed")) || (data25 === "too-large")) || (data25 === "broken-body")) || (data25 === "mismatch")) || (data25 === "scorer"))){
const err34 = {instancePath:instancePath+"/error/kind",schemaPath:"#/$defs/error/properties/kind/enum",keyword:"enum",params:{allowedValues: schema41.properties.kind.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.kind.enum,parentSchema:schema41.properties.kind,data:data25};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
var valid14 = _errs77 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data24.message !== undefined){
let data26 = data24.message;
const _errs78 = errors;
if(typeof data26 !== "string"){
const err35 = {instancePath:instancePath+"/error/message",schemaPath:"#/$defs/error/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.message.type,parentSchema:schema41.properties.message,data:data26};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
var valid14 = _errs78 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data24.status !== undefined){
let data27 = data24.status;
const _errs80 = errors;
if((!(((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27))) && (isFinite(data27)))) && (data27 !== null)){
const err36 = {instancePath:instancePath+"/error/status",schemaPath:"#/$defs/error/properties/status/type",keyword:"type",params:{type: schema41.properties.status.type},message:"must be integer,null",schema:schema41.properties.status.type,parentSchema:schema41.properties.status,data:data27};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
var valid14 = _errs80 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data24.transient !== undefined){
let data28 = data24.transient;
const _errs82 = errors;
if(typeof data28 !== "boolean"){
const err37 = {instancePath:instancePath+"/error/transient",schemaPath:"#/$defs/error/properties/transient/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema41.properties.transient.type,parentSchema:schema41.properties.transient,data:data28};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
var valid14 = _errs82 === errors;
}
else {
var valid14 = true;
}
}
}
}
}
}
}
else {
const err38 = {instancePath:instancePath+"/error",schemaPath:"#/$defs/error/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema41.type,parentSchema:schema41,data:data24};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
var _valid5 = _errs73 === errors;
if(_valid5){
valid12 = true;
passing4 = 0;
}
const _errs84 = errors;
if(data24 !== null){
const err39 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/oneOf/1/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema36.properties.error.oneOf[1].type,parentSchema:schema36.properties.error.oneOf[1],data:data24};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
var _valid5 = _errs84 === errors;
if(_valid5 && valid12){
valid12 = false;
passing4 = [passing4, 1];
}
else {
if(_valid5){
valid12 = true;
passing4 = 1;
}
}
if(!valid12){
const err40 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/oneOf",keyword:"oneOf",params:{passingSchemas: passing4},message:"must match exactly one schema in oneOf",schema:schema36.properties.error.oneOf,parentSchema:schema36.properties.error,data:data24};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
validate36.errors = vErrors;
return false;
}
else {
errors = _errs72;
if(vErrors !== null){
if(_errs72){
vErrors.length = _errs72;
}
else {
vErrors = null;
}
}
}
var valid3 = _errs71 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.verdict !== undefined){
let data29 = data.verdict;
const _errs86 = errors;
const _errs87 = errors;
let valid15 = false;
let passing5 = null;
const _errs88 = errors;
const _errs89 = errors;
if(errors === _errs89){
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
let missing4;
if((((data29.correct === undefined) && (missing4 = "correct")) || ((data29.reason === undefined) && (missing4 = "reason"))) || ((data29.detail === undefined) && (missing4 = "detail"))){
const err41 = {instancePath:instancePath+"/verdict",schemaPath:"#/$defs/verdict/required",keyword:"required",params:{missingProperty: missing4},message:"must have required property '"+missing4+"'",schema:schema42.required,parentSchema:schema42,data:data29};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
else {
const _errs91 = errors;
for(const key4 in data29){
if(!(((key4 === "correct") || (key4 === "reason")) || (key4 === "detail"))){
const err42 = {instancePath:instancePath+"/verdict",schemaPath:"#/$defs/verdict/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema42,data:data29};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
break;
}
}
if(_errs91 === errors){
if(data29.correct !== undefined){
let data30 = data29.correct;
const _errs92 = errors;
if(typeof data30 !== "boolean"){
const err43 = {instancePath:instancePath+"/verdict/correct",schemaPath:"#/$defs/verdict/properties/correct/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema42.properties.correct.type,parentSchema:schema42.properties.correct,data:data30};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
var valid17 = _errs92 === errors;
}
else {
var valid17 = true;
}
if(valid17){
if(data29.reason !== undefined){
let data31 = data29.reason;
const _errs94 = errors;
if(typeof data31 !== "string"){
const err44 = {instancePath:instancePath+"/verdict/reason",schemaPath:"#/$defs/verdict/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema42.properties.reason.type,parentSchema:schema42.properties.reason,data:data31};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
var valid17 = _errs94 === errors;
}
else {
var valid17 = true;
}
if(valid17){
if(data29.detail !== undefined){
let data32 = data29.detail;
const _errs96 = errors;
if(typeof data32 !== "string"){
const err45 = {instancePath:instancePath+"/verdict/detail",schemaPath:"#/$defs/verdict/properties/detail/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema42.properties.detail.type,parentSchema:schema42.properties.detail,data:data32};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
var valid17 = _errs96 === errors;
}
else {
var valid17 = true;
}
}
}
}
}
}
else {
const err46 = {instancePath:instancePath+"/verdict",schemaPath:"#/$defs/verdict/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema42.type,parentSchema:schema42,data:data29};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
var _valid6 = _errs88 === errors;
if(_valid6){
valid15 = true;
passing5 = 0;
}
const _errs98 = errors;
if(data29 !== null){
const err47 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/oneOf/1/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema36.properties.verdict.oneOf[1].type,parentSchema:schema36.properties.verdict.oneOf[1],data:data29};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
var _valid6 = _errs98 === errors;
if(_valid6 && valid15){
valid15 = false;
passing5 = [passing5, 1];
}
else {
if(_valid6){
valid15 = true;
passing5 = 1;
}
}
if(!valid15){
const err48 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/oneOf",keyword:"oneOf",params:{passingSchemas: passing5},message:"must match exactly one schema in oneOf",schema:schema36.properties.verdict.oneOf,parentSchema:schema36.properties.verdict,data:data29};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
validate36.errors = vErrors;
return false;
}
else {
errors = _errs87;
if(vErrors !== null){
if(_errs87){
vErrors.length = _errs87;
}
else {
vErrors = null;
}
}
}
var valid3 = _errs86 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.category !== undefined){
let data33 = data.category;
const _errs100 = errors;
if(!((((data33 === "no-call") || (data33 === "single")) || (data33 === "parallel")) || (data33 === "multiple"))){
validate36.errors = [{instancePath:instancePath+"/category",schemaPath:"#/$defs/category/enum",keyword:"enum",params:{allowedValues: schema33.enum},message:"must be equal to one of the allowed values",schema:schema33.enum,parentSchema:schema33,data:data33}];
return false;
}
var valid3 = _errs100 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.cluster !== undefined){
let data34 = data.cluster;
const _errs102 = errors;
if(typeof data34 !== "string"){
validate36.errors = [{instancePath:instancePath+"/cluster",schemaPath:"#/properties/cluster/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema36.properties.cluster.type,parentSchema:schema36.properties.cluster,data:data34}];
return false;
}
var valid3 = _errs102 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.replica !== undefined){
let data35 = data.replica;
const _errs104 = errors;
const _errs105 = errors;
if(errors === _errs105){
if(data35 && typeof data35 == "object" && !Array.isArray(data35)){
let missing5;
if(((data35.index === undefined) && (missing5 = "index")) || ((data35.host === undefined) && (missing5 = "host"))){
validate36.errors = [{instancePath:instancePath+"/replica",schemaPath:"#/$defs/replicaRef/required",keyword:"required",params:{missingProperty: missing5},message:"must have required property '"+missing5+"'",schema:schema35.required,parentSchema:schema35,data:data35}];
return false;
}
else {
const _errs107 = errors;
for(const key5 in data35){
if(!((key5 === "index") || (key5 === "host"))){
validate36.errors = [{instancePath:instancePath+"/replica",schemaPath:"#/$defs/replicaRef/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties",schema:false,parentSchema:schema35,data:data35}];
return false;
break;
}
}
if(_errs107 === errors){
if(data35.index !== undefined){
let data36 = data35.index;
const _errs108 = errors;
if(!(((typeof data36 == "number") && (!(data36 % 1) && !isNaN(data36))) && (isFinite(data36)))){
validate36.errors = [{instancePath:instancePath+"/replica/index",schemaPath:"#/$defs/replicaRef/properties/index/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema35.properties.index.type,parentSchema:schema35.properties.index,data:data36}];
return false;
}
if(errors === _errs108){
if((typeof data36 == "number") && (isFinite(data36))){
if(data36 < 0 || isNaN(data36)){
validate36.errors = [{instancePath:instancePath+"/replica/index",schemaPath:"#/$defs/replicaRef/properties/index/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema35.properties.index,data:data36}];
return false;
}
}
}
var valid20 = _errs108 === errors;
}
else {
var valid20 = true;
}
if(valid20){
if(data35.host !== undefined){
let data37 = data35.host;
const _errs110 = errors;
if(errors === _errs110){
if(typeof data37 === "string"){
if(data37.length < 1){
validate36.errors = [{instancePath:instancePath+"/replica/host",schemaPath:"#/$defs/replicaRef/properties/host/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema35.properties.host,data:data37}];
return false;
}
}
else {
validate36.errors = [{instancePath:instancePath+"/replica/host",schemaPath:"#/$defs/replicaRef/properties/host/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema35.properties.host.type,parentSchema:schema35.properties.host,data:data37}];
return false;
}
}
var valid20 = _errs110 === errors;
}
else {
var valid20 = true;
}
}
}
}
}
else {
validate36.errors = [{instancePath:instancePath+"/replica",schemaPath:"#/$defs/replicaRef/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema35.type,parentSchema:schema35,data:data35}];
return false;
}
}
var valid3 = _errs104 === errors;
}
else {
var valid3 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate36.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema36.type,parentSchema:schema36,data}];
return false;
}
}
validate36.errors = vErrors;
return errors === 0;
}
validate36.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const probe = validate38;
const schema45 = {"type":"object","additionalProperties":false,"required":["kind","phase","model","itemId","itemIndex","session","requestDigest","attempts","latencyMs","response","reply","usage","error"],"properties":{"kind":{"const":"probe"},"phase":{"enum":["alone","loaded"]},"model":{"type":"string","description":"The model asked: the baseline's or an adapter's served name."},"itemId":{"anyOf":[{"type":"integer"},{"type":"string"}],"description":"The item's id: an integer, or a string (a chat-jsonl dataset's)."},"itemIndex":{"type":"integer","minimum":0,"description":"The item's position in the dataset file; with model, the key of a result."},"session":{"type":"integer","minimum":1},"requestDigest":{"type":"string","pattern":"^[0-9a-f]{64}$","description":"SHA-256 of the request body's exact bytes."},"attempts":{"type":"integer","minimum":1},"latencyMs":{"type":["number","null"],"minimum":0},"response":{"oneOf":[{"$ref":"#/$defs/rawResponse"},{"type":"null"}]},"reply":{"oneOf":[{"$ref":"#/$defs/reply"},{"type":"null"}]},"usage":{"oneOf":[{"$ref":"#/$defs/usage"},{"type":"null"}]},"error":{"oneOf":[{"$ref":"#/$defs/error"},{"type":"null"}]},"replica":{"$ref":"#/$defs/replicaRef","description":"The replica the send went to. Present in every probe record of a format 2 file."}},"oneOf":[{"properties":{"reply":{"type":"object"},"error":{"type":"null"}}},{"properties":{"reply":{"type":"null"},"error":{"type":"object"}}}],"description":"One of a probe item's two sends: alone (nothing else in flight) or loaded (inside the full concurrent load)."};

function validate38(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate38.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs1 = errors;
let valid0 = false;
let passing0 = null;
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.reply !== undefined){
let data0 = data.reply;
const _errs3 = errors;
if(!(data0 && typeof data0 == "object" && !Array.isArray(data0))){
const err0 = {instancePath:instancePath+"/reply",schemaPath:"#/oneOf/0/properties/reply/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema45.oneOf[0].properties.reply.type,parentSchema:schema45.oneOf[0].properties.reply,data:data0};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
var valid1 = _errs3 === errors;
}
else {
var valid1 = true;
}
if(valid1){
if(data.error !== undefined){
let data1 = data.error;
const _errs5 = errors;
if(data1 !== null){
const err1 = {instancePath:instancePath+"/error",schemaPath:"#/oneOf/0/properties/error/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema45.oneOf[0].properties.error.type,parentSchema:schema45.oneOf[0].properties.error,data:data1};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
var valid1 = _errs5 === errors;
}
else {
var valid1 = true;
}
}
}
var _valid0 = _errs2 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
var props0 = {};
props0.reply = true;
props0.error = true;
}
const _errs7 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.reply !== undefined){
let data2 = data.reply;
const _errs8 = errors;
if(data2 !== null){
const err2 = {instancePath:instancePath+"/reply",schemaPath:"#/oneOf/1/properties/reply/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema45.oneOf[1].properties.reply.type,parentSchema:schema45.oneOf[1].properties.reply,data:data2};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
var valid2 = _errs8 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data.error !== undefined){
let data3 = data.error;
const _errs10 = errors;
if(!(data3 && typeof data3 == "object" && !Array.isArray(data3))){
const err3 = {instancePath:instancePath+"/error",schemaPath:"#/oneOf/1/properties/error/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema45.oneOf[1].properties.error.type,parentSchema:schema45.oneOf[1].properties.error,data:data3};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var valid2 = _errs10 === errors;
}
else {
var valid2 = true;
}
}
}
var _valid0 = _errs7 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
if(props0 !== true){
props0 = props0 || {};
props0.reply = true;
props0.error = true;
}
}
}
if(!valid0){
const err4 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf",schema:schema45.oneOf,parentSchema:schema45,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
validate38.errors = vErrors;
return false;
}
else {
errors = _errs1;
if(vErrors !== null){
if(_errs1){
vErrors.length = _errs1;
}
else {
vErrors = null;
}
}
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((((((((((((data.kind === undefined) && (missing0 = "kind")) || ((data.phase === undefined) && (missing0 = "phase"))) || ((data.model === undefined) && (missing0 = "model"))) || ((data.itemId === undefined) && (missing0 = "itemId"))) || ((data.itemIndex === undefined) && (missing0 = "itemIndex"))) || ((data.session === undefined) && (missing0 = "session"))) || ((data.requestDigest === undefined) && (missing0 = "requestDigest"))) || ((data.attempts === undefined) && (missing0 = "attempts"))) || ((data.latencyMs === undefined) && (missing0 = "latencyMs"))) || ((data.response === undefined) && (missing0 = "response"))) || ((data.reply === undefined) && (missing0 = "reply"))) || ((data.usage === undefined) && (missing0 = "usage"))) || ((data.error === undefined) && (missing0 = "error"))){
validate38.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'",schema:schema45.required,parentSchema:schema45,data}];
return false;
}
else {
const _errs12 = errors;
for(const key0 in data){
if(!(func1.call(schema45.properties, key0))){
validate38.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema45,data}];
return false;
break;
}
}
if(_errs12 === errors){
if(data.kind !== undefined){
let data4 = data.kind;
const _errs13 = errors;
if("probe" !== data4){
validate38.errors = [{instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "probe"},message:"must be equal to constant",schema:"probe",parentSchema:schema45.properties.kind,data:data4}];
return false;
}
var valid3 = _errs13 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.phase !== undefined){
let data5 = data.phase;
const _errs14 = errors;
if(!((data5 === "alone") || (data5 === "loaded"))){
validate38.errors = [{instancePath:instancePath+"/phase",schemaPath:"#/properties/phase/enum",keyword:"enum",params:{allowedValues: schema45.properties.phase.enum},message:"must be equal to one of the allowed values",schema:schema45.properties.phase.enum,parentSchema:schema45.properties.phase,data:data5}];
return false;
}
var valid3 = _errs14 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.model !== undefined){
let data6 = data.model;
const _errs15 = errors;
if(typeof data6 !== "string"){
validate38.errors = [{instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema45.properties.model.type,parentSchema:schema45.properties.model,data:data6}];
return false;
}
var valid3 = _errs15 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.itemId !== undefined){
let data7 = data.itemId;
const _errs17 = errors;
const _errs18 = errors;
let valid4 = false;
const _errs19 = errors;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err5 = {instancePath:instancePath+"/itemId",schemaPath:"#/properties/itemId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema45.properties.itemId.anyOf[0].type,parentSchema:schema45.properties.itemId.anyOf[0],data:data7};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var _valid1 = _errs19 === errors;
valid4 = valid4 || _valid1;
const _errs21 = errors;
if(typeof data7 !== "string"){
const err6 = {instancePath:instancePath+"/itemId",schemaPath:"#/properties/itemId/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema45.properties.itemId.anyOf[1].type,parentSchema:schema45.properties.itemId.anyOf[1],data:data7};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
var _valid1 = _errs21 === errors;
valid4 = valid4 || _valid1;
if(!valid4){
const err7 = {instancePath:instancePath+"/itemId",schemaPath:"#/properties/itemId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema45.properties.itemId.anyOf,parentSchema:schema45.properties.itemId,data:data7};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
validate38.errors = vErrors;
return false;
}
else {
errors = _errs18;
if(vErrors !== null){
if(_errs18){
vErrors.length = _errs18;
}
else {
vErrors = null;
}
}
}
var valid3 = _errs17 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.itemIndex !== undefined){
let data8 = data.itemIndex;
const _errs23 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
validate38.errors = [{instancePath:instancePath+"/itemIndex",schemaPath:"#/properties/itemIndex/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema45.properties.itemIndex.type,parentSchema:schema45.properties.itemIndex,data:data8}];
return false;
}
if(errors === _errs23){
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 < 0 || isNaN(data8)){
validate38.errors = [{instancePath:instancePath+"/itemIndex",schemaPath:"#/properties/itemIndex/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema45.properties.itemIndex,data:data8}];
return false;
}
}
}
var valid3 = _errs23 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.session !== undefined){
let data9 = data.session;
const _errs25 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
validate38.errors = [{instancePath:instancePath+"/session",schemaPath:"#/properties/session/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema45.properties.session.type,parentSchema:schema45.properties.session,data:data9}];
return false;
}
if(errors === _errs25){
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 1 || isNaN(data9)){
validate38.errors = [{instancePath:instancePath+"/session",schemaPath:"#/properties/session/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema45.properties.session,data:data9}];
return false;
}
}
}
var valid3 = _errs25 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.requestDigest !== undefined){
let data10 = data.requestDigest;
const _errs27 = errors;
if(errors === _errs27){
if(typeof data10 === "string"){
if(!pattern4.test(data10)){
validate38.errors = [{instancePath:instancePath+"/requestDigest",schemaPath:"#/properties/requestDigest/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\"",schema:"^[0-9a-f]{64}$",parentSchema:schema45.properties.requestDigest,data:data10}];
return false;
}
}
else {
validate38.errors = [{instancePath:instancePath+"/requestDigest",schemaPath:"#/properties/requestDigest/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema45.properties.requestDigest.type,parentSchema:schema45.properties.requestDigest,data:data10}];
return false;
}
}
var valid3 = _errs27 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.attempts !== undefined){
let data11 = data.attempts;
const _errs29 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
validate38.errors = [{instancePath:instancePath+"/attempts",schemaPath:"#/properties/attempts/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema45.properties.attempts.type,parentSchema:schema45.properties.attempts,data:data11}];
return false;
}
if(errors === _errs29){
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 1 || isNaN(data11)){
validate38.errors = [{instancePath:instancePath+"/attempts",schemaPath:"#/properties/attempts/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema45.properties.attempts,data:data11}];
return false;
}
}
}
var valid3 = _errs29 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.latencyMs !== undefined){
let data12 = data.latencyMs;
const _errs31 = errors;
if((!((typeof data12 == "number") && (isFinite(data12)))) && (data12 !== null)){
validate38.errors = [{instancePath:instancePath+"/latencyMs",schemaPath:"#/properties/latencyMs/type",keyword:"type",params:{type: schema45.properties.latencyMs.type},message:"must be number,null",schema:schema45.properties.latencyMs.type,parentSchema:schema45.properties.latencyMs,data:data12}];
return false;
}
if(errors === _errs31){
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 < 0 || isNaN(data12)){
validate38.errors = [{instancePath:instancePath+"/latencyMs",schemaPath:"#/properties/latencyMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema45.properties.latencyMs,data:data12}];
return false;
}
}
}
var valid3 = _errs31 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.response !== undefined){
let data13 = data.response;
const _errs33 = errors;
const _errs34 = errors;
let valid5 = false;
let passing1 = null;
const _errs35 = errors;
const _errs36 = errors;
if(errors === _errs36){
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
let missing1;
if(((data13.status === undefined) && (missing1 = "status")) || ((data13.body === undefined) && (missing1 = "body"))){
const err8 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/rawResponse/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'",schema:schema37.required,parentSchema:schema37,data:data13};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
else {
const _errs38 = errors;
for(const key1 in data13){
if(!((key1 === "status") || (key1 === "body"))){
const err9 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/rawResponse/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema37,data:data13};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
break;
}
}
if(_errs38 === errors){
if(data13.status !== undefined){
let data14 = data13.status;
const _errs39 = errors;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err10 = {instancePath:instancePath+"/response/status",schemaPath:"#/$defs/rawResponse/properties/status/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema37.properties.status.type,parentSchema:schema37.properties.status,data:data14};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
var valid7 = _errs39 === errors;
}
else {
var valid7 = true;
}
if(valid7){
if(data13.body !== undefined){
let data15 = data13.body;
const _errs41 = errors;
if((typeof data15 !== "string") && (data15 !== null)){
const err11 = {instancePath:instancePath+"/response/body",schemaPath:"#/$defs/rawResponse/properties/body/type",keyword:"type",params:{type: schema37.properties.body.type},message:"must be string,null",schema:schema37.properties.body.type,parentSchema:schema37.properties.body,data:data15};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var valid7 = _errs41 === errors;
}
else {
var valid7 = true;
}
}
}
}
}
else {
const err12 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/rawResponse/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema37.type,parentSchema:schema37,data:data13};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
var _valid2 = _errs35 === errors;
if(_valid2){
valid5 = true;
passing1 = 0;
}
const _errs43 = errors;
if(data13 !== null){
const err13 = {instancePath:instancePath+"/response",schemaPath:"#/properties/response/oneOf/1/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema45.properties.response.oneOf[1].type,parentSchema:schema45.properties.response.oneOf[1],data:data13};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
var _valid2 = _errs43 === errors;
if(_valid2 && valid5){
valid5 = false;
passing1 = [passing1, 1];
}
else {
if(_valid2){
valid5 = true;
passing1 = 1;
}
}
if(!valid5){
const err14 = {instancePath:instancePath+"/response",schemaPath:"#/properties/response/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf",schema:schema45.properties.response.oneOf,parentSchema:schema45.properties.response,data:data13};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
validate38.errors = vErrors;
return false;
}
else {
errors = _errs34;
if(vErrors !== null){
if(_errs34){
vErrors.length = _errs34;
}
else {
vErrors = null;
}
}
}
var valid3 = _errs33 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.reply !== undefined){
let data16 = data.reply;
const _errs45 = errors;
const _errs46 = errors;
let valid8 = false;
let passing2 = null;
const _errs47 = errors;
if(!(validate26(data16, {instancePath:instancePath+"/reply",parentData:data,parentDataProperty:"reply",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);
errors = vErrors.length;
}
var _valid3 = _errs47 === errors;
if(_valid3){
valid8 = true;
passing2 = 0;
}
const _errs48 = errors;
if(data16 !== null){
const err15 = {instancePath:instancePath+"/reply",schemaPath:"#/properties/reply/oneOf/1/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema45.properties.reply.oneOf[1].type,parentSchema:schema45.properties.reply.oneOf[1],data:data16};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid3 = _errs48 === errors;
if(_valid3 && valid8){
valid8 = false;
passing2 = [passing2, 1];
}
else {
if(_valid3){
valid8 = true;
passing2 = 1;
}
}
if(!valid8){
const err16 = {instancePath:instancePath+"/reply",schemaPath:"#/properties/reply/oneOf",keyword:"oneOf",params:{passingSchemas: passing2},message:"must match exactly one schema in oneOf",schema:schema45.properties.reply.oneOf,parentSchema:schema45.properties.reply,data:data16};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
validate38.errors = vErrors;
return false;
}
else {
errors = _errs46;
if(vErrors !== null){
if(_errs46){
vErrors.length = _errs46;
}
else {
vErrors = null;
}
}
}
var valid3 = _errs45 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.usage !== undefined){
let data17 = data.usage;
const _errs50 = errors;
const _errs51 = errors;
let valid9 = false;
let passing3 = null;
const _errs52 = errors;
const _errs53 = errors;
if(errors === _errs53){
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
let missing2;
if(((((data17.promptTokens === undefined) && (missing2 = "promptTokens")) || ((data17.completionTokens === undefined) && (missing2 = "completionTokens"))) || ((data17.totalTokens === undefined) && (missing2 = "totalTokens"))) || ((data17.reasoningTokens === undefined) && (missing2 = "reasoningTokens"))){
const err17 = {instancePath:instancePath+"/usage",schemaPath:"#/$defs/usage/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'",schema:schema40.required,parentSchema:schema40,data:data17};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
else {
const _errs55 = errors;
for(const key2 in data17){
if(!((((key2 === "promptTokens") || (key2 === "completionTokens")) || (key2 === "totalTokens")) || (key2 === "reasoningTokens"))){
const err18 = {instancePath:instancePath+"/usage",schemaPath:"#/$defs/usage/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties",schema:false,parentSchema:schema40,data:data17};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
break;
}
}
if(_errs55 === errors){
if(data17.promptTokens !== undefined){
let data18 = data17.promptTokens;
const _errs56 = errors;
if((!(((typeof data18 == "number") && (!(data18 % 1) && !isNaN(data18))) && (isFinite(data18)))) && (data18 !== null)){
const err19 = {instancePath:instancePath+"/usage/promptTokens",schemaPath:"#/$defs/usage/properties/promptTokens/type",keyword:"type",params:{type: schema40.properties.promptTokens.type},message:"must be integer,null",schema:schema40.properties.promptTokens.type,parentSchema:schema40.properties.promptTokens,data:data18};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(errors === _errs56){
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 < 0 || isNaN(data18)){
const err20 = {instancePath:instancePath+"/usage/promptTokens",schemaPath:"#/$defs/usage/properties/promptTokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema40.properties.promptTokens,data:data18};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
var valid11 = _errs56 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data17.completionTokens !== undefined){
let data19 = data17.completionTokens;
const _errs58 = errors;
if((!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))) && (data19 !== null)){
const err21 = {instancePath:instancePath+"/usage/completionTokens",schemaPath:"#/$defs/usage/properties/completionTokens/type",keyword:"type",params:{type: schema40.properties.completionTokens.type},message:"must be integer,null",schema:schema40.properties.completionTokens.type,parentSchema:schema40.properties.completionTokens,data:data19};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(errors === _errs58){
if((typeof data19 == "number") && (isFinite(data19))){
if(data19 < 0 || isNaN(data19)){
const err22 = {instancePath:instancePath+"/usage/completionTokens",schemaPath:"#/$defs/usage/properties/completionTokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema40.properties.completionTokens,data:data19};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
var valid11 = _errs58 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data17.totalTokens !== undefined){
let data20 = data17.totalTokens;
const _errs60 = errors;
if((!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))) && (data20 !== null)){
const err23 = {instancePath:instancePath+"/usage/totalTokens",schemaPath:"#/$defs/usage/properties/totalTokens/type",keyword:"type",params:{type: schema40.properties.totalTokens.type},message:"must be integer,null",schema:schema40.properties.totalTokens.type,parentSchema:schema40.properties.totalTokens,data:data20};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(errors === _errs60){
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 0 || isNaN(data20)){
const err24 = {instancePath:instancePath+"/usage/totalTokens",schemaPath:"#/$defs/usage/properties/totalTokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema40.properties.totalTokens,data:data20};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
var valid11 = _errs60 === errors;
}
else {
var valid11 = true;
}
if(valid11){
if(data17.reasoningTokens !== undefined){
let data21 = data17.reasoningTokens;
const _errs62 = errors;
if((!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))) && (data21 !== null)){
const err25 = {instancePath:instancePath+"/usage/reasoningTokens",schemaPath:"#/$defs/usage/properties/reasoningTokens/type",keyword:"type",params:{type: schema40.properties.reasoningTokens.type},message:"must be integer,null",schema:schema40.properties.reasoningTokens.type,parentSchema:schema40.properties.reasoningTokens,data:data21};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(errors === _errs62){
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 0 || isNaN(data21)){
const err26 = {instancePath:instancePath+"/usage/reasoningTokens",schemaPath:"#/$defs/usage/properties/reasoningTokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema40.properties.reasoningTokens,data:data21};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
var valid11 = _errs62 === errors;
}
else {
var valid11 = true;
}
}
}
}
}
}
}
else {
const err27 = {instancePath:instancePath+"/usage",schemaPath:"#/$defs/usage/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema40.type,parentSchema:schema40,data:data17};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
var _valid4 = _errs52 === errors;
if(_valid4){
valid9 = true;
passing3 = 0;
}
const _errs64 = errors;
if(data17 !== null){
const err28 = {instancePath:instancePath+"/usage",schemaPath:"#/properties/usage/oneOf/1/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema45.properties.usage.oneOf[1].type,parentSchema:schema45.properties.usage.oneOf[1],data:data17};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var _valid4 = _errs64 === errors;
if(_valid4 && valid9){
valid9 = false;
passing3 = [passing3, 1];
}
else {
if(_valid4){
valid9 = true;
passing3 = 1;
}
}
if(!valid9){
const err29 = {instancePath:instancePath+"/usage",schemaPath:"#/properties/usage/oneOf",keyword:"oneOf",params:{passingSchemas: passing3},message:"must match exactly one schema in oneOf",schema:schema45.properties.usage.oneOf,parentSchema:schema45.properties.usage,data:data17};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
validate38.errors = vErrors;
return false;
}
else {
errors = _errs51;
if(vErrors !== null){
if(_errs51){
vErrors.length = _errs51;
}
else {
vErrors = null;
}
}
}
var valid3 = _errs50 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.error !== undefined){
let data22 = data.error;
const _errs66 = errors;
const _errs67 = errors;
let valid12 = false;
let passing4 = null;
const _errs68 = errors;
const _errs69 = errors;
if(errors === _errs69){
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
let missing3;
if(((((data22.kind === undefined) && (missing3 = "kind")) || ((data22.message === undefined) && (missing3 = "message"))) || ((data22.status === undefined) && (missing3 = "status"))) || ((data22.transient === undefined) && (missing3 = "transient"))){
const err30 = {instancePath:instancePath+"/error",schemaPath:"#/$defs/error/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'",schema:schema41.required,parentSchema:schema41,data:data22};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
else {
const _errs71 = errors;
for(const key3 in data22){
if(!((((key3 === "kind") || (key3 === "message")) || (key3 === "status")) || (key3 === "transient"))){
const err31 = {instancePath:instancePath+"/error",schemaPath:"#/$defs/error/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties",schema:false,parentSchema:schema41,data:data22};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
break;
}
}
if(_errs71 === errors){
if(data22.kind !== undefined){
let data23 = data22.kind;
const _errs72 = errors;
if(!((((((((data23 === "network") || (data23 === "timeout")) || (data23 === "http")) || (data23 === "malformed")) || (data23 === "too-large")) || (data23 === "broken-body")) || (data23 === "mismatch")) || (data23 === "scorer"))){
const err32 = {instancePath:instancePath+"/error/kind",schemaPath:"#/$defs/error/properties/kind/enum",keyword:"enum",params:{allowedValues: schema41.properties.kind.enum},message:"must be equal to one of the allowed values",schema:schema41.properties.kind.enum,parentSchema:schema41.properties.kind,data:data23};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var valid14 = _errs72 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data22.message !== undefined){
let data24 = data22.message;
const _errs73 = errors;
if(typeof data24 !== "string"){
const err33 = {instancePath:instancePath+"/error/message",schemaPath:"#/$defs/error/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema41.properties.message.type,parentSchema:schema41.properties.message,data:data24};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
var valid14 = _errs73 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data22.status !== undefined){
let data25 = data22.status;
const _errs75 = errors;
if((!(((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25))) && (isFinite(data25)))) && (data25 !== null)){
const err34 = {instancePath:instancePath+"/error/status",schemaPath:"#/$defs/error/properties/status/type",keyword:"type",params:{type: schema41.properties.status.type},message:"must be integer,null",schema:schema41.properties.status.type,parentSchema:schema41.properties.status,data:data25};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
var valid14 = _errs75 === errors;
}
else {
var valid14 = true;
}
if(valid14){
if(data22.transient !== undefined){
let data26 = data22.transient;
const _errs77 = errors;
if(typeof data26 !== "boolean"){
const err35 = {instancePath:instancePath+"/error/transient",schemaPath:"#/$defs/error/properties/transient/type",keyword:"type",params:{type: "boolean"},message:"must be boolean",schema:schema41.properties.transient.type,parentSchema:schema41.properties.transient,data:data26};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
var valid14 = _errs77 === errors;
}
else {
var valid14 = true;
}
}
}
}
}
}
}
else {
const err36 = {instancePath:instancePath+"/error",schemaPath:"#/$defs/error/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema41.type,parentSchema:schema41,data:data22};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
var _valid5 = _errs68 === errors;
if(_valid5){
valid12 = true;
passing4 = 0;
}
const _errs79 = errors;
if(data22 !== null){
const err37 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/oneOf/1/type",keyword:"type",params:{type: "null"},message:"must be null",schema:schema45.properties.error.oneOf[1].type,parentSchema:schema45.properties.error.oneOf[1],data:data22};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
var _valid5 = _errs79 === errors;
if(_valid5 && valid12){
valid12 = false;
passing4 = [passing4, 1];
}
else {
if(_valid5){
valid12 = true;
passing4 = 1;
}
}
if(!valid12){
const err38 = {instancePath:instancePath+"/error",schemaPath:"#/properties/error/oneOf",keyword:"oneOf",params:{passingSchemas: passing4},message:"must match exactly one schema in oneOf",schema:schema45.properties.error.oneOf,parentSchema:schema45.properties.error,data:data22};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
validate38.errors = vErrors;
return false;
}
else {
errors = _errs67;
if(vErrors !== null){
if(_errs67){
vErrors.length = _errs67;
}
else {
vErrors = null;
}
}
}
var valid3 = _errs66 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data.replica !== undefined){
let data27 = data.replica;
const _errs81 = errors;
const _errs82 = errors;
if(errors === _errs82){
if(data27 && typeof data27 == "object" && !Array.isArray(data27)){
let missing4;
if(((data27.index === undefined) && (missing4 = "index")) || ((data27.host === undefined) && (missing4 = "host"))){
validate38.errors = [{instancePath:instancePath+"/replica",schemaPath:"#/$defs/replicaRef/required",keyword:"required",params:{missingProperty: missing4},message:"must have required property '"+missing4+"'",schema:schema35.required,parentSchema:schema35,data:data27}];
return false;
}
else {
const _errs84 = errors;
for(const key4 in data27){
if(!((key4 === "index") || (key4 === "host"))){
validate38.errors = [{instancePath:instancePath+"/replica",schemaPath:"#/$defs/replicaRef/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties",schema:false,parentSchema:schema35,data:data27}];
return false;
break;
}
}
if(_errs84 === errors){
if(data27.index !== undefined){
let data28 = data27.index;
const _errs85 = errors;
if(!(((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28))) && (isFinite(data28)))){
validate38.errors = [{instancePath:instancePath+"/replica/index",schemaPath:"#/$defs/replicaRef/properties/index/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema35.properties.index.type,parentSchema:schema35.properties.index,data:data28}];
return false;
}
if(errors === _errs85){
if((typeof data28 == "number") && (isFinite(data28))){
if(data28 < 0 || isNaN(data28)){
validate38.errors = [{instancePath:instancePath+"/replica/index",schemaPath:"#/$defs/replicaRef/properties/index/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema35.properties.index,data:data28}];
return false;
}
}
}
var valid16 = _errs85 === errors;
}
else {
var valid16 = true;
}
if(valid16){
if(data27.host !== undefined){
let data29 = data27.host;
const _errs87 = errors;
if(errors === _errs87){
if(typeof data29 === "string"){
if(data29.length < 1){
validate38.errors = [{instancePath:instancePath+"/replica/host",schemaPath:"#/$defs/replicaRef/properties/host/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema35.properties.host,data:data29}];
return false;
}
}
else {
validate38.errors = [{instancePath:instancePath+"/replica/host",schemaPath:"#/$defs/replicaRef/properties/host/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema35.properties.host.type,parentSchema:schema35.properties.host,data:data29}];
return false;
}
}
var valid16 = _errs87 === errors;
}
else {
var valid16 = true;
}
}
}
}
}
else {
validate38.errors = [{instancePath:instancePath+"/replica",schemaPath:"#/$defs/replicaRef/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema35.type,parentSchema:schema35,data:data27}];
return false;
}
}
var valid3 = _errs81 === errors;
}
else {
var valid3 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate38.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema45.type,parentSchema:schema45,data}];
return false;
}
}
validate38.errors = vErrors;
return errors === 0;
}
validate38.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const probeCheck = validate40;
const schema50 = {"description":"The comparison of a probe item's two replies.","type":"object","additionalProperties":false,"required":["kind","session","model","itemId","itemIndex","outcome","detail"],"properties":{"kind":{"const":"probe-check"},"session":{"type":"integer","minimum":1},"model":{"type":"string"},"itemId":{"anyOf":[{"type":"integer"},{"type":"string"}],"description":"The item's id: an integer, or a string (a chat-jsonl dataset's)."},"itemIndex":{"type":"integer","minimum":0},"outcome":{"enum":["same","different","inconclusive"]},"detail":{"type":["string","null"]},"replica":{"$ref":"#/$defs/replicaRef","description":"The replica both sends went to. Present in every probe-check record of a format 2 file."}}};

function validate40(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate40.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((((((data.kind === undefined) && (missing0 = "kind")) || ((data.session === undefined) && (missing0 = "session"))) || ((data.model === undefined) && (missing0 = "model"))) || ((data.itemId === undefined) && (missing0 = "itemId"))) || ((data.itemIndex === undefined) && (missing0 = "itemIndex"))) || ((data.outcome === undefined) && (missing0 = "outcome"))) || ((data.detail === undefined) && (missing0 = "detail"))){
validate40.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'",schema:schema50.required,parentSchema:schema50,data}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((((((((key0 === "kind") || (key0 === "session")) || (key0 === "model")) || (key0 === "itemId")) || (key0 === "itemIndex")) || (key0 === "outcome")) || (key0 === "detail")) || (key0 === "replica"))){
validate40.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema50,data}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.kind !== undefined){
let data0 = data.kind;
const _errs2 = errors;
if("probe-check" !== data0){
validate40.errors = [{instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "probe-check"},message:"must be equal to constant",schema:"probe-check",parentSchema:schema50.properties.kind,data:data0}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.session !== undefined){
let data1 = data.session;
const _errs3 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
validate40.errors = [{instancePath:instancePath+"/session",schemaPath:"#/properties/session/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema50.properties.session.type,parentSchema:schema50.properties.session,data:data1}];
return false;
}
if(errors === _errs3){
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
validate40.errors = [{instancePath:instancePath+"/session",schemaPath:"#/properties/session/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema50.properties.session,data:data1}];
return false;
}
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.model !== undefined){
let data2 = data.model;
const _errs5 = errors;
if(typeof data2 !== "string"){
validate40.errors = [{instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema50.properties.model.type,parentSchema:schema50.properties.model,data:data2}];
return false;
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.itemId !== undefined){
let data3 = data.itemId;
const _errs7 = errors;
const _errs8 = errors;
let valid1 = false;
const _errs9 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err0 = {instancePath:instancePath+"/itemId",schemaPath:"#/properties/itemId/anyOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema50.properties.itemId.anyOf[0].type,parentSchema:schema50.properties.itemId.anyOf[0],data:data3};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
var _valid0 = _errs9 === errors;
valid1 = valid1 || _valid0;
const _errs11 = errors;
if(typeof data3 !== "string"){
const err1 = {instancePath:instancePath+"/itemId",schemaPath:"#/properties/itemId/anyOf/1/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema50.properties.itemId.anyOf[1].type,parentSchema:schema50.properties.itemId.anyOf[1],data:data3};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
var _valid0 = _errs11 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const err2 = {instancePath:instancePath+"/itemId",schemaPath:"#/properties/itemId/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf",schema:schema50.properties.itemId.anyOf,parentSchema:schema50.properties.itemId,data:data3};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
validate40.errors = vErrors;
return false;
}
else {
errors = _errs8;
if(vErrors !== null){
if(_errs8){
vErrors.length = _errs8;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.itemIndex !== undefined){
let data4 = data.itemIndex;
const _errs13 = errors;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
validate40.errors = [{instancePath:instancePath+"/itemIndex",schemaPath:"#/properties/itemIndex/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema50.properties.itemIndex.type,parentSchema:schema50.properties.itemIndex,data:data4}];
return false;
}
if(errors === _errs13){
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
validate40.errors = [{instancePath:instancePath+"/itemIndex",schemaPath:"#/properties/itemIndex/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema50.properties.itemIndex,data:data4}];
return false;
}
}
}
var valid0 = _errs13 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.outcome !== undefined){
let data5 = data.outcome;
const _errs15 = errors;
if(!(((data5 === "same") || (data5 === "different")) || (data5 === "inconclusive"))){
validate40.errors = [{instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/enum",keyword:"enum",params:{allowedValues: schema50.properties.outcome.enum},message:"must be equal to one of the allowed values",schema:schema50.properties.outcome.enum,parentSchema:schema50.properties.outcome,data:data5}];
return false;
}
var valid0 = _errs15 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.detail !== undefined){
let data6 = data.detail;
const _errs16 = errors;
if((typeof data6 !== "string") && (data6 !== null)){
validate40.errors = [{instancePath:instancePath+"/detail",schemaPath:"#/properties/detail/type",keyword:"type",params:{type: schema50.properties.detail.type},message:"must be string,null",schema:schema50.properties.detail.type,parentSchema:schema50.properties.detail,data:data6}];
return false;
}
var valid0 = _errs16 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.replica !== undefined){
let data7 = data.replica;
const _errs18 = errors;
const _errs19 = errors;
if(errors === _errs19){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
let missing1;
if(((data7.index === undefined) && (missing1 = "index")) || ((data7.host === undefined) && (missing1 = "host"))){
validate40.errors = [{instancePath:instancePath+"/replica",schemaPath:"#/$defs/replicaRef/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'",schema:schema35.required,parentSchema:schema35,data:data7}];
return false;
}
else {
const _errs21 = errors;
for(const key1 in data7){
if(!((key1 === "index") || (key1 === "host"))){
validate40.errors = [{instancePath:instancePath+"/replica",schemaPath:"#/$defs/replicaRef/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties",schema:false,parentSchema:schema35,data:data7}];
return false;
break;
}
}
if(_errs21 === errors){
if(data7.index !== undefined){
let data8 = data7.index;
const _errs22 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
validate40.errors = [{instancePath:instancePath+"/replica/index",schemaPath:"#/$defs/replicaRef/properties/index/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema35.properties.index.type,parentSchema:schema35.properties.index,data:data8}];
return false;
}
if(errors === _errs22){
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 < 0 || isNaN(data8)){
validate40.errors = [{instancePath:instancePath+"/replica/index",schemaPath:"#/$defs/replicaRef/properties/index/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema35.properties.index,data:data8}];
return false;
}
}
}
var valid3 = _errs22 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data7.host !== undefined){
let data9 = data7.host;
const _errs24 = errors;
if(errors === _errs24){
if(typeof data9 === "string"){
if(data9.length < 1){
validate40.errors = [{instancePath:instancePath+"/replica/host",schemaPath:"#/$defs/replicaRef/properties/host/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema35.properties.host,data:data9}];
return false;
}
}
else {
validate40.errors = [{instancePath:instancePath+"/replica/host",schemaPath:"#/$defs/replicaRef/properties/host/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema35.properties.host.type,parentSchema:schema35.properties.host,data:data9}];
return false;
}
}
var valid3 = _errs24 === errors;
}
else {
var valid3 = true;
}
}
}
}
}
else {
validate40.errors = [{instancePath:instancePath+"/replica",schemaPath:"#/$defs/replicaRef/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema35.type,parentSchema:schema35,data:data7}];
return false;
}
}
var valid0 = _errs18 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
}
else {
validate40.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema50.type,parentSchema:schema50,data}];
return false;
}
}
validate40.errors = vErrors;
return errors === 0;
}
validate40.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const replica = validate41;
const schema52 = {"description":"A replica taken out of the session (down: several requests in a row failed with network errors; its items moved to the others) or back into it (up: it answered its checks again). Format 2 only.","type":"object","additionalProperties":false,"required":["kind","session","index","host","state","reason"],"properties":{"kind":{"const":"replica"},"session":{"type":"integer","minimum":1},"index":{"type":"integer","minimum":0,"description":"Its position in the session's list of server URLs."},"host":{"type":"string","minLength":1,"description":"host:port, the port always written."},"state":{"enum":["down","up"]},"reason":{"type":"string"}}};

function validate41(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate41.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((((data.kind === undefined) && (missing0 = "kind")) || ((data.session === undefined) && (missing0 = "session"))) || ((data.index === undefined) && (missing0 = "index"))) || ((data.host === undefined) && (missing0 = "host"))) || ((data.state === undefined) && (missing0 = "state"))) || ((data.reason === undefined) && (missing0 = "reason"))){
validate41.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'",schema:schema52.required,parentSchema:schema52,data}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!((((((key0 === "kind") || (key0 === "session")) || (key0 === "index")) || (key0 === "host")) || (key0 === "state")) || (key0 === "reason"))){
validate41.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema52,data}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.kind !== undefined){
let data0 = data.kind;
const _errs2 = errors;
if("replica" !== data0){
validate41.errors = [{instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "replica"},message:"must be equal to constant",schema:"replica",parentSchema:schema52.properties.kind,data:data0}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.session !== undefined){
let data1 = data.session;
const _errs3 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
validate41.errors = [{instancePath:instancePath+"/session",schemaPath:"#/properties/session/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema52.properties.session.type,parentSchema:schema52.properties.session,data:data1}];
return false;
}
if(errors === _errs3){
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
validate41.errors = [{instancePath:instancePath+"/session",schemaPath:"#/properties/session/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema52.properties.session,data:data1}];
return false;
}
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.index !== undefined){
let data2 = data.index;
const _errs5 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
validate41.errors = [{instancePath:instancePath+"/index",schemaPath:"#/properties/index/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema52.properties.index.type,parentSchema:schema52.properties.index,data:data2}];
return false;
}
if(errors === _errs5){
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
validate41.errors = [{instancePath:instancePath+"/index",schemaPath:"#/properties/index/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema52.properties.index,data:data2}];
return false;
}
}
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.host !== undefined){
let data3 = data.host;
const _errs7 = errors;
if(errors === _errs7){
if(typeof data3 === "string"){
if(data3.length < 1){
validate41.errors = [{instancePath:instancePath+"/host",schemaPath:"#/properties/host/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema52.properties.host,data:data3}];
return false;
}
}
else {
validate41.errors = [{instancePath:instancePath+"/host",schemaPath:"#/properties/host/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema52.properties.host.type,parentSchema:schema52.properties.host,data:data3}];
return false;
}
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.state !== undefined){
let data4 = data.state;
const _errs9 = errors;
if(!((data4 === "down") || (data4 === "up"))){
validate41.errors = [{instancePath:instancePath+"/state",schemaPath:"#/properties/state/enum",keyword:"enum",params:{allowedValues: schema52.properties.state.enum},message:"must be equal to one of the allowed values",schema:schema52.properties.state.enum,parentSchema:schema52.properties.state,data:data4}];
return false;
}
var valid0 = _errs9 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.reason !== undefined){
let data5 = data.reason;
const _errs10 = errors;
if(typeof data5 !== "string"){
validate41.errors = [{instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema52.properties.reason.type,parentSchema:schema52.properties.reason,data:data5}];
return false;
}
var valid0 = _errs10 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
else {
validate41.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema52.type,parentSchema:schema52,data}];
return false;
}
}
validate41.errors = vErrors;
return errors === 0;
}
validate41.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const end = validate42;
const schema53 = {"description":"How a session ended in order (a crash writes none).","type":"object","additionalProperties":false,"required":["kind","session","endedAt","outcome","answered","errors","missing"],"properties":{"kind":{"const":"end"},"session":{"type":"integer","minimum":1},"endedAt":{"type":"string","description":"ISO 8601 UTC, such as 2026-01-01T00:00:00.000Z."},"outcome":{"enum":["complete","errors","interrupted","probe-failed","server-failed"]},"answered":{"type":"integer","minimum":0},"errors":{"type":"integer","minimum":0},"missing":{"type":"integer","minimum":0}}};

function validate42(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate42.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((((((data.kind === undefined) && (missing0 = "kind")) || ((data.session === undefined) && (missing0 = "session"))) || ((data.endedAt === undefined) && (missing0 = "endedAt"))) || ((data.outcome === undefined) && (missing0 = "outcome"))) || ((data.answered === undefined) && (missing0 = "answered"))) || ((data.errors === undefined) && (missing0 = "errors"))) || ((data.missing === undefined) && (missing0 = "missing"))){
validate42.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'",schema:schema53.required,parentSchema:schema53,data}];
return false;
}
else {
const _errs1 = errors;
for(const key0 in data){
if(!(((((((key0 === "kind") || (key0 === "session")) || (key0 === "endedAt")) || (key0 === "outcome")) || (key0 === "answered")) || (key0 === "errors")) || (key0 === "missing"))){
validate42.errors = [{instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema53,data}];
return false;
break;
}
}
if(_errs1 === errors){
if(data.kind !== undefined){
let data0 = data.kind;
const _errs2 = errors;
if("end" !== data0){
validate42.errors = [{instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "end"},message:"must be equal to constant",schema:"end",parentSchema:schema53.properties.kind,data:data0}];
return false;
}
var valid0 = _errs2 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.session !== undefined){
let data1 = data.session;
const _errs3 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
validate42.errors = [{instancePath:instancePath+"/session",schemaPath:"#/properties/session/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema53.properties.session.type,parentSchema:schema53.properties.session,data:data1}];
return false;
}
if(errors === _errs3){
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
validate42.errors = [{instancePath:instancePath+"/session",schemaPath:"#/properties/session/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1",schema:1,parentSchema:schema53.properties.session,data:data1}];
return false;
}
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.endedAt !== undefined){
let data2 = data.endedAt;
const _errs5 = errors;
if(typeof data2 !== "string"){
validate42.errors = [{instancePath:instancePath+"/endedAt",schemaPath:"#/properties/endedAt/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema53.properties.endedAt.type,parentSchema:schema53.properties.endedAt,data:data2}];
return false;
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.outcome !== undefined){
let data3 = data.outcome;
const _errs7 = errors;
if(!(((((data3 === "complete") || (data3 === "errors")) || (data3 === "interrupted")) || (data3 === "probe-failed")) || (data3 === "server-failed"))){
validate42.errors = [{instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/enum",keyword:"enum",params:{allowedValues: schema53.properties.outcome.enum},message:"must be equal to one of the allowed values",schema:schema53.properties.outcome.enum,parentSchema:schema53.properties.outcome,data:data3}];
return false;
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.answered !== undefined){
let data4 = data.answered;
const _errs8 = errors;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
validate42.errors = [{instancePath:instancePath+"/answered",schemaPath:"#/properties/answered/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema53.properties.answered.type,parentSchema:schema53.properties.answered,data:data4}];
return false;
}
if(errors === _errs8){
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
validate42.errors = [{instancePath:instancePath+"/answered",schemaPath:"#/properties/answered/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema53.properties.answered,data:data4}];
return false;
}
}
}
var valid0 = _errs8 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.errors !== undefined){
let data5 = data.errors;
const _errs10 = errors;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
validate42.errors = [{instancePath:instancePath+"/errors",schemaPath:"#/properties/errors/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema53.properties.errors.type,parentSchema:schema53.properties.errors,data:data5}];
return false;
}
if(errors === _errs10){
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
validate42.errors = [{instancePath:instancePath+"/errors",schemaPath:"#/properties/errors/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema53.properties.errors,data:data5}];
return false;
}
}
}
var valid0 = _errs10 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.missing !== undefined){
let data6 = data.missing;
const _errs12 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
validate42.errors = [{instancePath:instancePath+"/missing",schemaPath:"#/properties/missing/type",keyword:"type",params:{type: "integer"},message:"must be integer",schema:schema53.properties.missing.type,parentSchema:schema53.properties.missing,data:data6}];
return false;
}
if(errors === _errs12){
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 0 || isNaN(data6)){
validate42.errors = [{instancePath:instancePath+"/missing",schemaPath:"#/properties/missing/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0",schema:0,parentSchema:schema53.properties.missing,data:data6}];
return false;
}
}
}
var valid0 = _errs12 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate42.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema53.type,parentSchema:schema53,data}];
return false;
}
}
validate42.errors = vErrors;
return errors === 0;
}
validate42.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

