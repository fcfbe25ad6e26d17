import { options, type VNode } from 'preact';
import { useCallback, useLayoutEffect, useRef, useState } from 'preact/hooks';

import { afterPaint } from '../after-paint';

// @ts-expect-error preact/compat types itself as one `export =` namespace; the app is typed with React's own types.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * What the app and its libraries import as `react` and `react-dom` (vite.config.ts, ADR 031):
 * Preact's compatibility layer, and below it what React does that the layer leaves out and that the
 * app's libraries (MUI, its date field, emotion, React Router) count on. Each part names what failed
 * without it; the end-to-end tests fail when one goes.
 */

/**
 * React Router imports `useOptimistic` and sets an optimistic state only inside a transition of its
 * data router (`useTransitions`), which the app does not use. React drops an optimistic state when
 * its transition ends; here there is none: the hook returns the state it is given.
 */
export function useOptimistic<S>(state: S): [S, (action: unknown) => void] {
  return [state, () => {}];
}

/**
 * React renders a transition's updates in the background: the browser first paints what the input
 * changed (the pressed button), and a tap is answered at once. Preact would render them in the
 * input's own task; opening a booking card's dialog then answered the tap 130 to 210 ms later at 4x
 * CPU slowdown, against 32 to 40 with React. A transition's updates here run after the next paint.
 */
export function startTransition(callback: () => void): void {
  afterPaint(callback);
}

/** `startTransition`, with `isPending` true until its updates have run. */
export function useTransition(): [boolean, (callback: () => void) => void] {
  const [pending, setPending] = useState(false);
  const start = useCallback((callback: () => void) => {
    setPending(true);
    afterPaint(() => {
      callback();
      setPending(false);
    });
  }, []);
  return [pending, start];
}

type Cleanup = void | (() => void);

/**
 * React runs insertion effects before the page changes, ahead of refs and layout effects; Preact
 * runs them as layout effects, after the refs. Emotion inserts a new component's styles in one, so a
 * ref that measured a new element saw it unstyled (the health page's weeks table scrolled to the
 * wrong place). Here the effect runs while the component renders, when its dependencies changed, as
 * emotion does itself where React has no insertion effects; its cleanup runs before the next run and
 * on unmount.
 */
export function useInsertionEffect(effect: () => Cleanup, deps?: readonly unknown[]): void {
  const last = useRef<{ deps: readonly unknown[] | undefined; cleanup: Cleanup } | null>(null);
  const previous = last.current;
  const changed =
    !previous ||
    !deps ||
    !previous.deps ||
    deps.length !== previous.deps.length ||
    deps.some((d, i) => !Object.is(d, previous.deps![i]));
  if (changed) {
    if (previous?.cleanup) previous.cleanup();
    last.current = { deps, cleanup: effect() };
  }
  useLayoutEffect(
    () => () => {
      const cleanup = last.current?.cleanup;
      if (cleanup) cleanup();
    },
    [],
  );
}

type Ref = ((node: Element | null) => void) | { current: Element | null } | null | undefined;

/**
 * React focuses an element rendered with `autoFocus` once it is in the page (a dialog's first field
 * or button); Preact only writes the attribute, which a browser honours when the document loads.
 * A DOM element with `autoFocus` gets a ref that focuses it the first time it is attached, then
 * passes the element on to the ref it had. One wrapper per original ref, so that a re-render does
 * not detach and attach it again.
 */
const focusedOnce = new WeakSet<Element>();
const wrappers = new WeakMap<object, Ref>();

function focusOnMount(node: Element | null): void {
  if (!node || focusedOnce.has(node)) return;
  focusedOnce.add(node);
  if (node.isConnected && node instanceof HTMLElement) node.focus();
}

const focusOnly: Ref = (node) => focusOnMount(node);

function focusing(original: Ref): Ref {
  if (!original) return focusOnly;
  let wrapper = wrappers.get(original);
  if (!wrapper) {
    wrapper = (node) => {
      focusOnMount(node);
      if (typeof original === 'function') original(node);
      else original.current = node;
    };
    wrappers.set(original, wrapper);
  }
  return wrapper;
}

interface InputProps {
  type?: string;
  checked?: boolean;
  onClick?: (event: Event) => void;
  onChange?: (event: Event) => void;
}

/**
 * React calls a checkbox's or a radio button's `onChange` during the click that changed it, after
 * its `onClick`, so both handlers' updates render together. Preact listens to the browser's
 * `change`, which comes after the click: a render that an `onClick` caused in between resets a
 * controlled input, and the browser then sends no `change` at all (MUI's Rating lost every click on
 * a star). The handler moves to the click, as in React, when the click changed the input: always
 * for a checkbox, for a radio button that was not checked when it was rendered.
 */
function changeOnClick(props: InputProps): void {
  const { onChange, onClick, checked } = props;
  if (!onChange) return;
  props.onChange = undefined;
  props.onClick = (event) => {
    onClick?.(event);
    if (props.type === 'checkbox' || checked !== true) onChange(event);
  };
}

interface EditableProps {
  contentEditable?: boolean | 'true' | 'false' | 'plaintext-only' | 'inherit';
  children?: unknown;
  textContent?: string;
  suppressContentEditableWarning?: boolean;
}

/**
 * An editable element's text is written as its `textContent`, as React writes a lone text child.
 * Preact keeps a text node and updates that node; typing into the element, or a handler that resets
 * its text (MUI's date field does, then renders the new value), replaces the node, and Preact's
 * updates then go to a node no longer on the page: the date field showed each digit one key late.
 */
function textAsContent(props: EditableProps): void {
  // A React-only prop (it silences a development warning) that Preact would write as an attribute.
  delete props.suppressContentEditableWarning;
  const editable = props.contentEditable;
  if (!editable || editable === 'false') return;
  const { children } = props;
  if (typeof children !== 'string' && typeof children !== 'number') return;
  props.textContent = String(children);
  props.children = undefined;
}

/**
 * React runs the effects of a render that a key press or a click caused before the next event is
 * handled; Preact runs effects after the next frame. Typing fast into MUI's date field sent the next
 * digit before the effect that moved the selection to the next part had run. Effects are still
 * scheduled after the next frame, and any that are waiting run first when an event comes in.
 */
let pendingEffects: (() => void) | undefined;

/** Runs the effects that wait for the next frame now (the tests, before their page is torn down). */
export function runPendingEffects(): void {
  const run = pendingEffects;
  pendingEffects = undefined;
  run?.();
}

options.requestAnimationFrame = (flush: () => void) => {
  pendingEffects = flush;
  const done = () => {
    clearTimeout(timeout);
    if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    setTimeout(runPendingEffects);
  };
  // After the next frame, or 35 ms when none comes (a hidden tab), as Preact does.
  const timeout = setTimeout(done, 35);
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(done) : 0;
};

/**
 * What a person does. Not focus and blur: a render that focuses an element sends those while it is
 * being applied, and effects run then would run before the render's own layout effects.
 */
const INPUT_EVENTS = new Set([
  'keydown',
  'keyup',
  'beforeinput',
  'input',
  'change',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'click',
  'touchstart',
  'touchend',
  'paste',
]);

const previousEventHook = options.event;
options.event = (event: Event) => {
  if (INPUT_EVENTS.has(event.type)) runPendingEffects();
  return previousEventHook ? previousEventHook(event) : event;
};

const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode<{ autoFocus?: boolean }>) => {
  previousVNodeHook?.(vnode);
  if (typeof vnode.type !== 'string') return;
  if (vnode.props.autoFocus) {
    const holder = vnode as unknown as { ref: Ref };
    holder.ref = focusing(holder.ref);
  }
  textAsContent(vnode.props as EditableProps);
  const input = vnode.props as InputProps;
  if (vnode.type === 'input' && (input.type === 'checkbox' || input.type === 'radio')) changeOnClick(input);
};
