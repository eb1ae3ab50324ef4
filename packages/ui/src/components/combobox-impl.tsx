import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { useEffect, useMemo, useState } from 'react';
import { cn } from '../lib/cn';
import { CheckIcon, ChevronDownIcon } from '../lib/icons';
import type { ComboboxProps } from './combobox';
import type { SelectOption } from './select';
import { useKitTexts } from './use-kit-texts';

// Every word typed must appear in the label, in any order, ignoring case and accents.
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function filterOptions(options: readonly SelectOption[], query: string): SelectOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((o) => {
    const label = fold(o.label);
    return words.every((w) => label.includes(w));
  });
}

const toText = (item: SelectOption | null): string => item?.label ?? '';

export function ComboboxImpl({
  options,
  value,
  onValueChange,
  placeholder,
  emptyText,
  listLabel,
  id,
  name,
  disabled,
  className,
  ...aria
}: ComboboxProps) {
  // What the user typed since the list opened; empty shows every option (opening the list after a
  // choice shows all of them, not only the chosen one).
  const [query, setQuery] = useState('');
  const kit = useKitTexts();
  const items = useMemo(() => filterOptions(options, query), [options, query]);
  const selectedItem = options.find((o) => o.value === value) ?? null;

  const {
    isOpen,
    highlightedIndex,
    getInputProps,
    getMenuProps,
    getItemProps,
    getToggleButtonProps,
    setInputValue,
  } = useCombobox<SelectOption>({
    items,
    itemToString: toText,
    itemToKey: (item) => item?.value,
    selectedItem,
    inputId: id,
    isItemDisabled: (item) => item.disabled === true,
    onSelectedItemChange: ({ selectedItem: chosen }) => {
      if (chosen) onValueChange(chosen.value);
    },
    onInputValueChange: ({ inputValue, type }) =>
      setQuery(type === useCombobox.stateChangeTypes.InputChange ? (inputValue ?? '') : ''),
    onIsOpenChange: ({ isOpen: open }) => {
      if (!open) setQuery('');
    },
    stateReducer,
  });

  // The chosen option's label can change under it (options loaded later): Downshift only rewrites
  // the box when the choice itself changes, so a closed box is kept showing the current label.
  const selectedLabel = selectedItem?.label ?? '';
  useEffect(() => {
    if (!isOpen) setInputValue(selectedLabel);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the label changes
  }, [selectedLabel]);

  return (
    <div className={cn('ui-combobox', className)}>
      {/* A form post carries the value, not the label shown in the box. */}
      {name ? <input type="hidden" name={name} value={value} /> : null}
      <input
        className="ui-input ui-combobox__input"
        {...getInputProps({
          placeholder,
          disabled,
          // The Field's <label for> names the input; Downshift's own label id would point nowhere.
          'aria-labelledby': undefined,
          ...aria,
        })}
      />
      <button
        type="button"
        className="ui-combobox__toggle"
        {...getToggleButtonProps({ disabled, 'aria-label': kit.showAllOptions })}
      >
        <ChevronDownIcon />
      </button>
      <ul
        className="ui-combobox__list"
        {...getMenuProps({ 'aria-labelledby': undefined, 'aria-label': listLabel })}
        hidden={!isOpen || items.length === 0}
      >
        {isOpen
          ? items.map((item, index) => (
              <li
                key={item.value}
                className="ui-combobox__option"
                data-highlighted={highlightedIndex === index ? '' : undefined}
                {...getItemProps({ item, index })}
              >
                <span className="ui-combobox__check" aria-hidden="true">
                  {item.value === value ? <CheckIcon size="sm" /> : null}
                </span>
                {item.label}
              </li>
            ))
          : null}
      </ul>
      {isOpen && items.length === 0 ? (
        <p className="ui-combobox__empty" role="status">
          {emptyText ?? kit.noMatches}
        </p>
      ) : null}
    </div>
  );
}

// Leaving the box or pressing Escape never leaves half-typed text or clears the choice: the box
// goes back to the chosen option's label.
function stateReducer(
  state: UseComboboxState<SelectOption>,
  { type, changes }: UseComboboxStateChangeOptions<SelectOption>,
): Partial<UseComboboxState<SelectOption>> {
  switch (type) {
    case useCombobox.stateChangeTypes.InputKeyDownEscape:
    case useCombobox.stateChangeTypes.InputBlur: {
      const selected = changes.selectedItem ?? state.selectedItem;
      return { ...changes, selectedItem: selected, inputValue: toText(selected) };
    }
    default:
      return changes;
  }
}
