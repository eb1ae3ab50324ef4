import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

export type ButtonVariant = 'default' | 'outline' | 'destructive' | 'ghost' | 'link';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  // Render the child (e.g. a router <Link>) with button styling instead of a <button>.
  asChild?: boolean;
}

export function buttonClassName({
  variant = 'default',
  size = 'default',
  block = false,
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'block' | 'className'> = {}): string {
  return cn(
    'ui-button',
    `ui-button--${variant}`,
    size !== 'default' && `ui-button--${size}`,
    block && 'ui-button--block',
    className,
  );
}

export function Button({ variant, size, block, asChild, className, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  const buttonType = type ?? 'button';
  return (
    <Comp
      className={buttonClassName({ variant, size, block, className })}
      // A plain <button> inside a form must not submit by accident.
      {...(asChild ? {} : { type: buttonType })}
      {...props}
    />
  );
}
