// The patient portal's toasts, loaded with the first one shown (portal-app.tsx): the same placement and
// duration as the professional's app (app.tsx).
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../lib/toast';
import classes from './notifications.module.css';

export default function PortalToasts() {
  return <Notifications position="bottom-left" autoClose={TOAST_DURATION_MS} containerWidth={236} classNames={{ root: classes.root }} />;
}
