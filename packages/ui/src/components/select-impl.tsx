import * as SelectPrimitive from '@radix-ui/react-select';
import { cn } from '../lib/cn';
import { CheckIcon, ChevronDownIcon, ChevronUpIcon } from '../lib/icons';
import type { SelectProps } from './select';

export function SelectImpl({
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  id,
  name,
  disabled,
  required,
  className,
  ...aria
}: SelectProps) {
  return (
    <SelectPrimitive.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      name={name}
      disabled={disabled}
      required={required}
    >
      <SelectPrimitive.Trigger id={id} className={cn('ui-select__trigger', className)} {...aria}>
        <SelectPrimitive.Value placeholder={placeholder} />
        <SelectPrimitive.Icon asChild>
          <ChevronDownIcon className="ui-select__chevron" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content className="ui-select__content" position="popper" sideOffset={4}>
          <SelectPrimitive.ScrollUpButton className="ui-select__scroll">
            <ChevronUpIcon />
          </SelectPrimitive.ScrollUpButton>
          <SelectPrimitive.Viewport className="ui-select__viewport">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className="ui-select__item"
              >
                <SelectPrimitive.ItemIndicator className="ui-select__indicator">
                  <CheckIcon size="sm" />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
          <SelectPrimitive.ScrollDownButton className="ui-select__scroll">
            <ChevronDownIcon />
          </SelectPrimitive.ScrollDownButton>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
