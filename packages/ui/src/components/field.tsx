import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Label } from './label';
import { useKitTexts } from './use-kit-texts';

// What Field passes to its control so label, hint and error are tied to it for assistive tech.
export interface FieldControlProps {
  id?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: ReactNode;
  // Shown under the control, in red, and announced with it (aria-describedby).
  error?: string | null;
  description?: ReactNode;
  optional?: boolean;
  id?: string;
  className?: string;
  children: ReactElement<FieldControlProps>;
}

export function Field({
  label,
  error,
  description,
  optional,
  id,
  className,
  children,
}: FieldProps) {
  const autoId = useId();
  const kit = useKitTexts();
  const controlId = id ?? children.props.id ?? `field${autoId.replace(/:/g, '')}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy =
    [children.props['aria-describedby'], descriptionId, errorId].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div className={cn('ui-field', className)}>
      <Label htmlFor={controlId}>
        {label}
        {optional ? <span className="ui-field__optional"> {kit.optional}</span> : null}
      </Label>
      {cloneElement(children, {
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {description ? (
        <p id={descriptionId} className="ui-field__description">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
