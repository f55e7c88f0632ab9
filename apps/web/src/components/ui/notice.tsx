import type { ReactNode } from 'react';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import classes from './notice.module.css';

type NoticeProps = {
  tone: 'danger' | 'info' | 'warning';
  icon: ReactNode;
  title?: string;
  children: ReactNode;
  role?: 'alert' | 'status';
  className?: string;
  'data-testid'?: string;
};

/**
 * A coloured message box with an icon: an error, a warning, or what to do next. Plain elements, so
 * that the login page and the screens that show one only when something is wrong carry no alert
 * component of Mantine's.
 */
export function Notice({ tone, icon, title, children, role, className, 'data-testid': testId }: NoticeProps) {
  return (
    <div
      className={className ? `${classes[tone]} ${className}` : classes[tone]}
      style={tone === 'warning' ? { color: WARNING_TEXT_COLOR } : undefined}
      role={role}
      data-testid={testId}
    >
      {icon}
      <div className={classes.body}>
        {title && <p className={classes.title}>{title}</p>}
        {children}
      </div>
    </div>
  );
}
