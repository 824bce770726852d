/**
 * A searchable picker: a combobox with a filtered listbox on native elements (the UI kit has none), following the
 * ARIA 1.2 combobox pattern: type to filter, ↓/↑, Home/End, Enter to choose, Escape to close; the listbox is
 * announced. Choosing keeps the focus in the box (Tab then moves on to the next field, as after any choice). The box
 * shows the chosen option's label; `update()` gives it new options or a new value without touching what is being
 * typed (the box is left alone while it has the focus). What a query finds is `filterOptions`, the one search of the
 * bridge's chains and assets.
 */
import { h, setAttr, show } from '../lib/dom';
import { errorLine, pickerList } from '../selectors';

export interface PickerOption {
  value: string;
  label: string;
  /** Right-aligned detail (the chain id, a balance). */
  detail?: string;
  /** Second line (the asset's name, where it comes from). */
  note?: string;
  group?: string;
  /** Other names it goes by, found as its label is (an asset's symbol, under a bridged twin's label "USDC.axl"). */
  aliases?: readonly string[];
}

/**
 * The options a query finds, in the order the list shows them: those with the query (trimmed, in any case) in their
 * label, value, detail, note or an alias; those it names exactly (label, value or an alias) first, each part in the
 * options' order. A blank query finds every option, in order.
 */
export function filterOptions(options: readonly PickerOption[], query: string): readonly PickerOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return options;
  const names = (o: PickerOption) => [o.label, o.value, ...(o.aliases ?? [])];
  const exact = (o: PickerOption) => names(o).some((t) => t.toLowerCase() === q);
  const found = options.filter((o) =>
    [...names(o), o.detail ?? '', o.note ?? ''].some((t) => t.toLowerCase().includes(q)),
  );
  return [...found.filter(exact), ...found.filter((o) => !exact(o))];
}

export interface PickerSpec {
  id: string;
  label: string;
  placeholder: string;
  searchHint: string;
  onPick: (value: string) => void;
}

let instances = 0;

export class Picker {
  readonly element: HTMLElement;
  readonly input: HTMLInputElement;
  /** The field's problem line (`<id>-error`). */
  readonly errorLine: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly instance = ++instances;
  private value = '';
  private options: readonly PickerOption[] | undefined;
  private emptyText = '';
  private shown: readonly PickerOption[] = [];
  private active = -1;
  private query: string | undefined;

  constructor(private readonly spec: PickerSpec) {
    const listId = pickerList(spec.id);
    this.input = h('input', {
      id: spec.id,
      type: 'text',
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': 'false',
      'aria-controls': listId,
      'aria-describedby': errorLine(spec.id),
      autocomplete: 'off',
      spellcheck: 'false',
      placeholder: spec.placeholder,
      class: 'picker-input',
    });
    this.list = h('ul', { id: listId, role: 'listbox', class: 'picker-list', 'aria-label': spec.label, hidden: '' });
    this.errorLine = h('p', { id: errorLine(spec.id), class: 'field-error', 'aria-live': 'polite', hidden: '' });
    this.element = h(
      'div',
      { class: 'field picker' },
      h('label', { for: spec.id }, spec.label),
      this.input,
      this.list,
      h('p', { class: 'hint small' }, spec.searchHint),
      this.errorLine,
    );
    this.listen();
  }

  /** New options (undefined while loading), the chosen value, and what to say when there are no options. */
  update(value: string, options: readonly PickerOption[] | undefined, emptyText: string): void {
    const changed = value !== this.value || options !== this.options;
    this.value = value;
    this.options = options;
    this.emptyText = emptyText;
    if (!changed) return;
    // What the user is typing stays; the list follows the new options.
    if (this.query !== undefined) this.open(this.query);
    else if (this.input.ownerDocument.activeElement !== this.input) this.input.value = this.chosenLabel();
  }

  private chosenLabel(): string {
    return this.options?.find((o) => o.value === this.value)?.label ?? this.value;
  }

  private close(): void {
    show(this.list, false);
    this.query = undefined;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
    this.active = -1;
  }

  private highlight(i: number): void {
    this.active = i;
    this.list.querySelectorAll('[role=option]').forEach((el, j) => el.setAttribute('aria-selected', String(j === i)));
    const el = this.list.querySelector(`#p${this.instance}-${i}`);
    setAttr(this.input, 'aria-activedescendant', el ? el.id : undefined);
    el?.scrollIntoView({ block: 'nearest' });
  }

  private choose(o: PickerOption): void {
    this.input.value = o.label;
    this.close();
    this.spec.onPick(o.value);
  }

  private open(query: string): void {
    this.query = query;
    const options = this.options;
    this.list.replaceChildren();
    if (!options || options.length === 0) {
      this.shown = [];
      this.list.append(h('li', { class: 'picker-empty', role: 'presentation' }, this.emptyText));
    } else {
      const q = query.trim().toLowerCase();
      // The box shows the chosen label: opening it lists everything; typing filters (exact matches first).
      const all = q === '' || q === this.chosenLabel().toLowerCase();
      this.shown = all ? options : filterOptions(options, query);
      if (this.shown.length === 0)
        this.list.append(
          h('li', { class: 'picker-empty', role: 'presentation' }, `Nothing matches "${query.trim()}".`),
        );
      let group: string | undefined;
      this.shown.forEach((o, i) => {
        if (all && o.group && o.group !== group) {
          group = o.group;
          this.list.append(h('li', { role: 'presentation', class: 'picker-group' }, o.group));
        }
        const li = h(
          'li',
          {
            id: `p${this.instance}-${i}`,
            role: 'option',
            'aria-selected': 'false',
            class: 'picker-option',
            'data-value': o.value,
          },
          h('span', { class: 'picker-label' }, o.label),
          o.detail ? h('span', { class: 'picker-detail' }, o.detail) : null,
          o.note ? h('span', { class: 'picker-note' }, o.note) : null,
        );
        // mousedown, not click: the input keeps its focus (no blur closing the list first).
        li.addEventListener('mousedown', (e) => {
          e.preventDefault();
          this.choose(o);
        });
        this.list.append(li);
      });
    }
    show(this.list, true);
    this.input.setAttribute('aria-expanded', 'true');
    this.highlight(this.shown.length ? 0 : -1);
  }

  private listen(): void {
    const input = this.input;
    input.addEventListener('focus', () => input.select());
    input.addEventListener('click', () => this.open(''));
    input.addEventListener('input', () => this.open(input.value));
    input.addEventListener('blur', () => {
      this.close();
      input.value = this.chosenLabel();
    });
    input.addEventListener('keydown', (e) => {
      const expanded = !this.list.hidden;
      const last = this.shown.length - 1;
      switch (e.key) {
        case 'ArrowDown':
          e.preventDefault();
          if (!expanded) this.open('');
          else if (last >= 0) this.highlight(Math.min(last, this.active + 1));
          break;
        case 'ArrowUp':
          e.preventDefault();
          if (expanded && last >= 0) this.highlight(Math.max(0, this.active - 1));
          break;
        case 'Home':
        case 'End':
          if (expanded && last >= 0) {
            e.preventDefault();
            this.highlight(e.key === 'Home' ? 0 : last);
          }
          break;
        case 'Enter': {
          const chosen = expanded && this.active >= 0 ? this.shown[this.active] : undefined;
          if (chosen) {
            e.preventDefault();
            this.choose(chosen);
          }
          break;
        }
        case 'Escape':
          if (expanded) {
            e.preventDefault();
            this.close();
            input.value = this.chosenLabel();
          }
          break;
      }
    });
  }
}
