import { lazy, Suspense } from 'react';
import { ChevronDownIcon } from '../lib/icons';
import type { SelectOption } from './select';

export interface ComboboxProps {
  options: readonly SelectOption[];
  // The chosen option's value; the box shows its label while the list is closed.
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  // Shown in the list when nothing matches what was typed.
  emptyText?: string;
  // The list's accessible name (the Field's label names the input only).
  listLabel?: string;
  id?: string;
  name?: string;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

// Downshift (the ARIA 1.2 combobox pattern: role=combobox, listbox, aria-activedescendant, arrows,
// Enter, Escape) is loaded with the first combobox, like the Select, so pages without one never
// pay for it.
const loadCombobox = () => import('./combobox-impl');
const ComboboxImpl = lazy(() => loadCombobox().then((m) => ({ default: m.ComboboxImpl })));

export function preloadCombobox(): void {
  void loadCombobox();
}

// A searchable single choice: type to narrow a long list, arrows and Enter to pick.
export function Combobox(props: ComboboxProps) {
  return (
    <Suspense fallback={<ComboboxPlaceholder {...props} />}>
      <ComboboxImpl {...props} />
    </Suspense>
  );
}

// The same box as the real input for the few milliseconds the chunk takes, so nothing moves.
function ComboboxPlaceholder({ options, value, placeholder, id, className }: ComboboxProps) {
  const current = options.find((o) => o.value === value);
  return (
    <div className={['ui-combobox', className].filter(Boolean).join(' ')}>
      <input
        id={id}
        className="ui-input ui-combobox__input"
        value={current?.label ?? ''}
        placeholder={placeholder}
        disabled
        readOnly
        aria-busy="true"
      />
      <span className="ui-combobox__toggle" aria-hidden="true">
        <ChevronDownIcon />
      </span>
    </div>
  );
}
