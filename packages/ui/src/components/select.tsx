import { lazy, Suspense } from 'react';
import { cn } from '../lib/cn';
import { ChevronDownIcon } from '../lib/icons';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  id?: string;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  className?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

// Radix Select (with its popper) is ~25 KB gzip: load it when a select is first rendered, not with
// every page (the sign-in screen's Login tab has none).
const loadSelect = () => import('./select-impl');
const SelectImpl = lazy(() => loadSelect().then((m) => ({ default: m.SelectImpl })));

export function preloadSelect(): void {
  void loadSelect();
}

export function Select(props: SelectProps) {
  return (
    <Suspense fallback={<SelectPlaceholder {...props} />}>
      <SelectImpl {...props} />
    </Suspense>
  );
}

// Same box as the real trigger for the few milliseconds the chunk takes, so nothing moves.
function SelectPlaceholder({
  options,
  value,
  defaultValue,
  placeholder,
  id,
  className,
  ...aria
}: SelectProps) {
  const current = options.find((o) => o.value === (value ?? defaultValue));
  return (
    <button
      type="button"
      id={id}
      disabled
      aria-busy="true"
      aria-label={aria['aria-label']}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
      className={cn('ui-select__trigger', className)}
      data-placeholder={current ? undefined : ''}
    >
      <span>{current?.label ?? placeholder}</span>
      <ChevronDownIcon className="ui-select__chevron" />
    </button>
  );
}
