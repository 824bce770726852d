/**
 * The UI kit, @vscode/webview-ui-toolkit, in one place: its elements are registered here and made only through these
 * functions. The toolkit is deprecated upstream (archived January 2025) and is the named choice; only component
 * files use it (a dependency rule says so), so a swap to @vscode-elements/elements touches the components alone.
 */
import {
  provideVSCodeDesignSystem,
  vsCodeButton,
  vsCodeDivider,
  vsCodeProgressRing,
  vsCodeTextArea,
  vsCodeTextField,
} from '@vscode/webview-ui-toolkit';
import { h, type ValueField } from '../lib/dom';

/** Registers the kit's buttons (a page that uses nothing else bundles nothing else of it). */
export function registerButtons(): void {
  provideVSCodeDesignSystem().register(vsCodeButton());
}

/** Registers the kit's elements for a form: buttons, text fields and areas, dividers, progress rings. */
export function registerFormKit(): void {
  provideVSCodeDesignSystem().register(
    vsCodeButton(),
    vsCodeTextField(),
    vsCodeTextArea(),
    vsCodeDivider(),
    vsCodeProgressRing(),
  );
}

/** A button; `aria-disabled` or `disabled` make it do nothing. */
export function button(label: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLElement {
  const b = h('vscode-button', attrs, label);
  b.addEventListener('click', () => {
    if (b.getAttribute('aria-disabled') === 'true' || b.hasAttribute('disabled')) return;
    onClick();
  });
  return b;
}

/** A labelled text field; `onInput` gets its value as it is typed. */
export function textField(
  id: string,
  label: string,
  value: string,
  placeholder = '',
  onInput?: (value: string) => void,
): ValueField {
  const f = h('vscode-text-field', { id, placeholder, 'aria-label': label }, label) as ValueField;
  f.value = value;
  if (onInput) f.addEventListener('input', () => onInput(f.value));
  return f;
}

/** A labelled text area. */
export function textArea(
  id: string,
  label: string,
  text: string,
  value: string,
  onInput?: (value: string) => void,
): ValueField {
  const f = h('vscode-text-area', { id, rows: '3', 'aria-label': label }, text) as ValueField;
  f.value = value;
  if (onInput) f.addEventListener('input', () => onInput(f.value));
  return f;
}

export function progressRing(): HTMLElement {
  return h('vscode-progress-ring', {});
}

/** A native checkbox with its label (the kit's own checkbox is not used: it carries no id to label). */
export function checkbox(
  id: string,
  label: string,
  onChange: (checked: boolean) => void,
): { row: HTMLElement; input: HTMLInputElement } {
  const input = h('input', { type: 'checkbox', id });
  input.addEventListener('change', () => onChange(input.checked));
  return { row: h('div', { class: 'radio' }, input, h('label', { for: id }, label)), input };
}
