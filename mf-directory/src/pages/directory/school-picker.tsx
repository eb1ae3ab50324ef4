import { SCHOOL_NAMES } from '@district/contracts';
import { ChevronDownIcon, Select, type SelectOption } from '@district/ui';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

const SCHOOL_OPTIONS: SelectOption[] = SCHOOL_NAMES.map((name) => ({ value: name, label: name }));
// Frames to wait for the real trigger (its code may still be loading) before giving up on focus.
const FOCUS_FRAMES = 120;

export interface SchoolPickerProps {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  disabled: boolean;
  onValueChange: (value: string) => void;
}

// Mounting a Radix Select costs tens of milliseconds (it registers its options one by one), far
// too much for every card of an open school while someone types in the search box. Each card
// shows a look-alike trigger instead; the real Select takes its place when the pointer reaches
// it or it receives keyboard focus, well before the click or key press that opens it.
export function SchoolPicker({
  id,
  label,
  value,
  placeholder,
  disabled,
  onValueChange,
}: SchoolPickerProps) {
  const [live, setLive] = useState(false);
  // What the look-alike was asked for before the real trigger existed: hand it over.
  const handOver = useRef<'focus' | 'open' | null>(null);

  useEffect(() => {
    if (!live || !handOver.current) return;
    let frames = 0;
    let handle = 0;
    const takeOver = () => {
      const trigger = document.getElementById(id) as HTMLButtonElement | null;
      if (trigger && !trigger.disabled && trigger.dataset.lookalike === undefined) {
        trigger.focus();
        // A click with no pointer before it opens Radix's Select (it treats it as a touch).
        if (handOver.current === 'open') trigger.click();
        handOver.current = null;
      } else if (++frames < FOCUS_FRAMES) {
        handle = requestAnimationFrame(takeOver);
      }
    };
    handle = requestAnimationFrame(takeOver);
    return () => cancelAnimationFrame(handle);
  }, [live, id]);

  if (live) {
    return (
      <Select
        id={id}
        options={SCHOOL_OPTIONS}
        value={value}
        placeholder={placeholder}
        onValueChange={onValueChange}
        disabled={disabled}
        aria-label={label}
        className="dir-school-change__select"
      />
    );
  }
  return (
    <button
      type="button"
      id={id}
      role="combobox"
      aria-expanded="false"
      aria-haspopup="listbox"
      aria-autocomplete="none"
      aria-label={label}
      disabled={disabled}
      className="ui-select__trigger dir-school-change__select"
      data-placeholder={value ? undefined : ''}
      data-lookalike=""
      // Synchronously, so the press that follows already lands on the real trigger.
      onPointerEnter={() => flushSync(() => setLive(true))}
      onFocus={() => {
        handOver.current ??= 'focus';
        setLive(true);
      }}
      onClick={() => {
        handOver.current = 'open';
        setLive(true);
      }}
    >
      <span>{value || placeholder}</span>
      <ChevronDownIcon size="sm" className="ui-select__chevron" />
    </button>
  );
}
