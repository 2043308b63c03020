/**
 * Build-time reader of the learner's API (lib/sim/code/api.ts): every member a client can call,
 * with its signature and its JSDoc, for the editor's completion and hover docs on /code. The API
 * file is the one source: a member added there (another service's binding) is completed and
 * documented without anything written twice. Never import this from a client component: it reads
 * the file system and loads the TypeScript compiler.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import type { ApiDoc } from "../challenges/codeApi";

const API_FILE = "lib/sim/code/api.ts";

/** The JSDoc text of a declaration, without its stars. */
function docOf(node: ts.Node): string {
  return ts
    .getJSDocCommentsAndTags(node)
    .filter(ts.isJSDoc)
    .map((doc) => (typeof doc.comment === "string" ? doc.comment : (ts.getTextOfJSDocComment(doc.comment) ?? "")))
    .join("\n")
    .trim();
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** One member of an interface as the learner calls or reads it. */
function memberDoc(owner: string | null, member: ts.TypeElement, source: ts.SourceFile): ApiDoc | null {
  if (!member.name || !ts.isIdentifier(member.name)) return null;
  const name = member.name.text;
  const qualified = owner ? `${owner}.${name}` : name;
  if (ts.isMethodSignature(member)) {
    const params = member.parameters.map((p) => squash(p.getText(source))).join(", ");
    const returns = member.type ? squash(member.type.getText(source)) : "void";
    return { name: qualified, owner, member: name, kind: "method", signature: `${qualified}(${params}): ${returns}`, doc: docOf(member) };
  }
  if (ts.isPropertySignature(member)) {
    const type = member.type ? squash(member.type.getText(source)) : "unknown";
    return { name: qualified, owner, member: name, kind: "property", signature: `${qualified}: ${type}`, doc: docOf(member) };
  }
  return null;
}

/** Every member of `ClientApi`, and the members of each interface one of its properties holds (`redis.set`, `storage.write`). */
export function codeApiDocsOf(text: string): ApiDoc[] {
  const source = ts.createSourceFile(API_FILE, text, ts.ScriptTarget.ES2022, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const api = interfaces.get("ClientApi");
  if (!api) throw new Error(`${API_FILE} declares no ClientApi`);
  const docs: ApiDoc[] = [];
  for (const member of api.members) {
    const doc = memberDoc(null, member, source);
    if (!doc) continue;
    docs.push(doc);
    const type = ts.isPropertySignature(member) && member.type && ts.isTypeReferenceNode(member.type) ? member.type.typeName.getText(source) : null;
    const held = type ? interfaces.get(type) : undefined;
    if (!held) continue;
    if (!doc.doc) doc.doc = docOf(held);
    for (const inner of held.members) {
      const innerDoc = memberDoc(doc.member, inner, source);
      if (innerDoc) docs.push(innerDoc);
    }
  }
  return docs;
}

/** The API's members, read from api.ts as the build finds it. */
export function codeApiDocsLoad(root = process.cwd()): ApiDoc[] {
  return codeApiDocsOf(readFileSync(join(root, API_FILE), "utf8"));
}
