import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import spinner from '@/components/ui/spinner.module.css';
import classes from './login.module.css';

type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'className'> & {
  label: string;
  error?: string;
  inputClassName?: string;
};

/** A labelled input with its error below, announced with the field (login page only). */
export function TextField({ label, error, required, inputClassName, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {label}
        {required && (
          <span className={classes.required} aria-hidden>
            {' *'}
          </span>
        )}
      </label>
      <input
        {...input}
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClassName ? `${classes.input} ${inputClassName}` : classes.input}
      />
      {error && (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}

type ActionButtonProps = Omit<ComponentPropsWithRef<'button'>, 'className'> & {
  variant?: 'filled' | 'default';
  isLoading?: boolean;
  icon?: ReactNode;
};

/** A full-width button; while loading it keeps its label for screen readers and shows a spinner. */
export function ActionButton({ variant = 'filled', isLoading = false, icon, children, disabled, type = 'button', ...button }: ActionButtonProps) {
  return (
    <button
      {...button}
      type={type}
      className={classes[variant]}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
    >
      {isLoading ? <span className={spinner.spinner} aria-hidden /> : icon}
      {children}
    </button>
  );
}
