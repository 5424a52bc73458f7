import { PAGE_CODE_ELEMENT_ID, SERVER_DATA_ELEMENT_ID } from '@bazaar/common/server-rendering';
import type { ServerRenderedData } from './app/server-rendering';
import './index.css';
import { nextTask } from './lib/next-task';

/** The JSON of one of the page's data blocks (the server writes them), if it has it. */
function readJsonBlock<T>(id: string): T | undefined {
  const element = document.getElementById(id);
  if (!element?.textContent) return undefined;
  return JSON.parse(element.textContent) as T;
}

/**
 * Resolves once the browser has painted the page as it arrived: the server's HTML shows
 * before hydration's work, not after it (on a slow phone that work takes hundreds of ms).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Work done for longer than this in one task would keep a slow phone from answering a tap:
 * the page's code is fetched and run in tasks of about this length.
 */
const TASK_MS = 8;

/** Returns what to await between steps of some work, to end its task once TASK_MS have passed. */
function taskBreaks(): () => Promise<void> {
  let taskStart = performance.now();
  return async () => {
    if (performance.now() - taskStart <= TASK_MS) return;
    await nextTask();
    taskStart = performance.now();
  };
}

/**
 * Fetches the page's chunks all at once (the server lists them: page-code.ts), then runs
 * them one by one in the order they run anyway (each after those it imports). Both in short
 * tasks: on a slow phone (Lighthouse's 4× CPU), evaluating the whole app in one task took
 * 100–300 ms, and adding a modulepreload 1–30 ms each, 140–200 ms for a search page's 50.
 */
async function runPageCode() {
  const files = readJsonBlock<string[]>(PAGE_CODE_ELEMENT_ID) ?? [];
  const taskBreak = taskBreaks();
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
    await taskBreak();
  }
  for (const file of files) {
    await import(/* @vite-ignore */ file);
    await taskBreak();
  }
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * Types `value` into `field` as a person would, for React: it answers an input event only
 * when the field's value differs from the one it last knew (its own setter on the element
 * records that), so the field is first set back to what React rendered.
 */
function retype(field: TextField, value: string) {
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Until the app has hydrated the server's HTML nothing answers it: holds a press of one of
 * its buttons or the sending of one of its forms (Enter in a search field), and notes what
 * is typed into its fields and chosen in its selects; once hydrated, types and chooses again
 * and makes the last press or sends the form (a link needs no script and is left alone).
 * Returns what to call then.
 */
function holdEarlyInput(root: HTMLElement): () => void {
  let replay: (() => void) | undefined;
  const typedInto = new Set<TextField>();
  const chosenIn = new Map<HTMLSelectElement, string>();
  const holdPress = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !root.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    replay = () => {
      if (button.isConnected) button.click();
    };
  };
  const holdSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form)) return;
    event.preventDefault();
    event.stopPropagation();
    const { submitter } = event;
    replay = () => {
      if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : null);
    };
  };
  const note = (event: Event) => {
    const field = event.target;
    if (!(field instanceof Element) || !root.contains(field)) return;
    if (field instanceof HTMLSelectElement) chosenIn.set(field, field.value);
    else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) typedInto.add(field);
  };
  document.addEventListener('click', holdPress, true);
  document.addEventListener('submit', holdSubmit, true);
  document.addEventListener('input', note, true);
  return () => {
    document.removeEventListener('click', holdPress, true);
    document.removeEventListener('submit', holdSubmit, true);
    document.removeEventListener('input', note, true);
    for (const field of typedInto) {
      if (field.isConnected && field.value !== field.defaultValue) retype(field, field.value);
    }
    // React reads a select's choice from its change event (hydrating may have set it back).
    for (const [select, value] of chosenIn) {
      if (!select.isConnected) continue;
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    // After React has rendered what was typed: a form's handler reads it from its state.
    if (replay) void nextTask().then(replay);
  };
}

/**
 * The entry is this module alone. The app's code (React, the router, the page) is fetched
 * and run only after the first paint of a server-rendered page: on a slow link it does not
 * compete with the stylesheet and the first photos, and on a slow phone running it does not
 * hold back the paint.
 */
async function boot() {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const serverData = readJsonBlock<ServerRenderedData>(SERVER_DATA_ELEMENT_ID);
  const releaseInput = serverData ? holdEarlyInput(root) : undefined;
  if (serverData) await afterFirstPaint();
  await runPageCode();
  const { startApp } = await import('./app/start');
  await startApp(root, serverData, releaseInput);
}
void boot();
