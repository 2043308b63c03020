"use client";

/**
 * The code editor on /code: CodeMirror 6 in JavaScript mode, completing and documenting the
 * learner's API from the table the build read out of lib/sim/code/api.ts, marking syntax errors as
 * the learner types (acorn, as the sandbox compiles), and errors a run threw at their lines. This
 * module is loaded on its own (CodeEditorLazy.tsx), so a page pays for CodeMirror only once the
 * editor is wanted.
 *
 * Tab indents, as an editor's Tab should; Escape then Tab (or Ctrl-M, which toggles it) lets Tab
 * move focus out again, following CodeMirror's accessibility guidance, so the editor never traps
 * the keyboard. The page says so beside the editor.
 */
import { useEffect, useRef } from "react";
import { parse } from "acorn";
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
  type Completion,
  type CompletionContext,
} from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab, temporarilySetTabFocusMode } from "@codemirror/commands";
import { javascript, javascriptLanguage } from "@codemirror/lang-javascript";
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { forceLinting, linter, lintKeymap, type Diagnostic } from "@codemirror/lint";
import { Compartment, EditorState, StateEffect, StateField, type Extension } from "@codemirror/state";
import {
  Decoration,
  EditorView,
  highlightActiveLine,
  hoverTooltip,
  keymap,
  lineNumbers,
  type DecorationSet,
} from "@codemirror/view";
import { tags } from "@lezer/highlight";
import type { ApiDoc } from "@/lib/challenges/codeApi";

/** An error a run or the compiler found, at a line of the learner's code (1-based). */
export interface LineProblem {
  line: number;
  message: string;
}

export interface CodeEditorProps {
  initial: string;
  onChange(source: string): void;
  docs: readonly ApiDoc[];
  /** Errors found outside the editor (a compile, a run), shown at their lines until the code changes. */
  problems: readonly LineProblem[];
  /** The line of the write a counterexample turned on, highlighted; null for none. */
  marked: number | null;
  /** The editor's accessible name. */
  label: string;
}

/** Syntax errors as acorn finds them: the same parser the sandbox compiles with. */
function syntaxDiagnostics(source: string): Diagnostic[] {
  try {
    parse(source, { ecmaVersion: "latest", sourceType: "script" });
    return [];
  } catch (error) {
    const pos = typeof (error as { pos?: unknown }).pos === "number" ? (error as { pos: number }).pos : 0;
    const message = error instanceof Error ? error.message.replace(/\s*\(\d+:\d+\)$/, "") : String(error);
    const from = Math.min(pos, source.length);
    return [{ from, to: Math.min(from + 1, source.length), severity: "error", message: `Syntax error: ${message}` }];
  }
}

const setProblems = StateEffect.define<readonly LineProblem[]>();
/** Problems from outside the editor: they stand until the code is edited or new ones come. */
const problemsField = StateField.define<readonly LineProblem[]>({
  create: () => [],
  update: (value, tr) => {
    for (const effect of tr.effects) if (effect.is(setProblems)) return effect.value;
    return tr.docChanged ? [] : value;
  },
});

function lintSource(view: EditorView): Diagnostic[] {
  const { doc } = view.state;
  const source = doc.toString();
  const found = view.state.field(problemsField).flatMap<Diagnostic>(({ line, message }) => {
    if (line < 1 || line > doc.lines) return [];
    const at = doc.line(line);
    return [{ from: at.from, to: at.to, severity: "error", message }];
  });
  return [...syntaxDiagnostics(source), ...found];
}

const setMarked = StateEffect.define<number | null>();
// The page says in words which line is marked (its status); the mark is the sighted cue.
const markedLine = Decoration.line({ class: "cm-code-marked" });
const markedField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update: (value, tr) => {
    for (const effect of tr.effects) {
      if (!effect.is(setMarked)) continue;
      const line = effect.value;
      if (line === null || line < 1 || line > tr.state.doc.lines) return Decoration.none;
      return Decoration.set([markedLine.range(tr.state.doc.line(line).from)]);
    }
    return value.map(tr.changes);
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The qualifier before the word at `pos`: "redis" in `redis.se`, `api.redis.se` or `api.sleep` gives "api". */
function qualifierBefore(text: string): string | null {
  const match = /(?:^|[^\w$.])((?:[\w$]+\.)*[\w$]+)\.\s*$/.exec(text);
  if (!match) return null;
  const path = (match[1] ?? "").split(".");
  // `api.redis.` completes Redis's members; `api.` completes the API's own.
  return path.length === 1 && path[0] === "api" ? "api" : (path.at(-1) ?? null);
}

function completionsFrom(docs: readonly ApiDoc[]) {
  const owners = new Set(docs.map((d) => d.owner).filter((o): o is string => o !== null));
  const option = (d: ApiDoc): Completion => ({
    label: d.member,
    type: d.kind === "method" ? "method" : owners.has(d.member) ? "namespace" : "property",
    detail: d.signature.slice(d.name.length),
    info: d.doc,
  });
  return (context: CompletionContext) => {
    const word = context.matchBefore(/[\w$]*/);
    if (!word) return null;
    const before = context.state.sliceDoc(Math.max(0, word.from - 200), word.from);
    const owner = /\.\s*$/.test(before) ? qualifierBefore(before) : null;
    if (owner !== null) {
      const members = docs.filter((d) => (owner === "api" ? d.owner === null : d.owner === owner));
      return members.length ? { from: word.from, options: members.map(option), validFor: /^[\w$]*$/ } : null;
    }
    // A bare word: the API's own members, as a destructured `api` gives them.
    if (word.from === word.to && !context.explicit) return null;
    return { from: word.from, options: docs.filter((d) => d.owner === null).map(option), validFor: /^[\w$]*$/ };
  };
}

function hoverFrom(docs: readonly ApiDoc[]) {
  const byName = new Map(docs.map((d) => [d.name, d]));
  return hoverTooltip((view, pos) => {
    const line = view.state.doc.lineAt(pos);
    const text = line.text;
    let start = pos - line.from;
    let end = start;
    while (start > 0 && /[\w$]/.test(text.charAt(start - 1))) start--;
    while (end < text.length && /[\w$]/.test(text.charAt(end))) end++;
    if (start === end) return null;
    const word = text.slice(start, end);
    const owner = qualifierBefore(text.slice(0, start));
    const doc = (owner && owner !== "api" ? byName.get(`${owner}.${word}`) : undefined) ?? byName.get(word);
    if (!doc) return null;
    return {
      pos: line.from + start,
      end: line.from + end,
      above: true,
      create: () => {
        const dom = document.createElement("div");
        dom.className = "cm-api-doc";
        const signature = document.createElement("code");
        signature.textContent = doc.signature;
        const body = document.createElement("p");
        body.textContent = doc.doc;
        dom.append(signature, body);
        return { dom };
      },
    };
  });
}

/** Colours from the site's tokens, so both themes keep AA contrast on the editor's surface. */
const highlight = HighlightStyle.define([
  {
    tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword],
    color: "light-dark(#7a2e9a, #e0b0ff)",
  },
  { tag: [tags.string, tags.special(tags.string)], color: "light-dark(#0b6b3a, #86e0ac)" },
  { tag: [tags.number, tags.bool, tags.null], color: "light-dark(#8a4100, #ffc27a)" },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: "var(--color-ink-muted)", fontStyle: "italic" },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: "light-dark(#005f94, #8fd0ff)" },
]);

const theme = EditorView.theme({
  "&": {
    color: "var(--color-ink)",
    backgroundColor: "var(--color-page)",
    fontSize: "14px",
    border: "1px solid var(--color-line)",
    borderRadius: "0.5rem",
  },
  "&.cm-focused": { outline: "3px solid var(--color-focus)", outlineOffset: "2px" },
  ".cm-content": {
    fontFamily: "var(--font-mono, ui-monospace, monospace)",
    caretColor: "var(--color-ink)",
    minHeight: "16rem",
  },
  ".cm-gutters": {
    backgroundColor: "var(--color-surface)",
    color: "var(--color-ink-muted)",
    border: "none",
    borderRadius: "0.5rem 0 0 0.5rem",
  },
  ".cm-activeLine": { backgroundColor: "color-mix(in srgb, var(--color-surface) 70%, transparent)" },
  ".cm-activeLineGutter": { backgroundColor: "var(--color-line)", color: "var(--color-ink)" },
  "&.cm-focused .cm-cursor": { borderLeftColor: "var(--color-ink)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection": {
    backgroundColor: "color-mix(in srgb, var(--color-focus) 35%, transparent)",
  },
  ".cm-code-marked": {
    backgroundColor: "color-mix(in srgb, var(--color-danger) 22%, transparent)",
    boxShadow: "inset 4px 0 0 var(--color-danger)",
  },
  ".cm-tooltip": {
    backgroundColor: "var(--color-page)",
    color: "var(--color-ink)",
    border: "1px solid var(--color-line)",
    maxWidth: "min(32rem, 90vw)",
  },
  ".cm-tooltip-autocomplete ul li[aria-selected]": { backgroundColor: "var(--color-ink)", color: "var(--color-page)" },
  ".cm-completionDetail": { color: "inherit", fontStyle: "normal", opacity: "0.85" },
  ".cm-api-doc": { padding: "0.5rem 0.75rem", fontSize: "13px" },
  ".cm-api-doc code": { display: "block", fontWeight: "600", marginBottom: "0.25rem", whiteSpace: "pre-wrap" },
  ".cm-diagnostic-error": { borderLeftColor: "var(--color-danger)" },
  ".cm-lintRange-error": { backgroundImage: "none", textDecoration: "underline wavy var(--color-danger)" },
});

export default function CodeEditor({ initial, onChange, docs, problems, marked, label }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  const labelled = useRef(new Compartment());
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const extensions: Extension[] = [
      lineNumbers(),
      history(),
      indentOnInput(),
      bracketMatching(),
      closeBrackets(),
      highlightActiveLine(),
      syntaxHighlighting(highlight),
      javascript(),
      javascriptLanguage.data.of({ autocomplete: completionsFrom(docs) }),
      autocompletion({ icons: false }),
      hoverFrom(docs),
      problemsField,
      markedField,
      linter(lintSource, { delay: 300 }),
      keymap.of([
        // Escape lets the next Tab leave the editor (CodeMirror's tab-focus mode, for two seconds).
        { key: "Escape", run: temporarilySetTabFocusMode },
        ...closeBracketsKeymap,
        ...defaultKeymap,
        ...historyKeymap,
        ...completionKeymap,
        ...lintKeymap,
        indentWithTab,
      ]),
      theme,
      EditorView.lineWrapping,
      labelled.current.of(EditorView.contentAttributes.of({ "aria-label": label })),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) changed.current(update.state.doc.toString());
      }),
    ];
    const editor = new EditorView({ state: EditorState.create({ doc: initial, extensions }), parent: host.current! });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; its text then belongs to it (the page hears every change).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    view.current?.dispatch({
      effects: labelled.current.reconfigure(EditorView.contentAttributes.of({ "aria-label": label })),
    });
  }, [label]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch({ effects: setProblems.of(problems) });
    forceLinting(editor);
  }, [problems]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const effects: StateEffect<unknown>[] = [setMarked.of(marked)];
    if (marked !== null && marked >= 1 && marked <= editor.state.doc.lines)
      effects.push(EditorView.scrollIntoView(editor.state.doc.line(marked).from, { y: "center" }));
    editor.dispatch({ effects });
  }, [marked]);

  return <div ref={host} data-code-editor="" />;
}
