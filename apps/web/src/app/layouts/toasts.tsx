import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@portal/domain/constants';
import classes from './app-frame.module.css';

/** Where the portal's toasts show: top centre, below the header, so a toast never hides the connection badge. */
export function Toasts() {
  return <Notifications position="top-center" autoClose={TOAST_DURATION_MS} zIndex={1100} className={classes.toasts} />;
}
