// The portal's offer to install it as an app (lib/install-prompt.ts decides when: from the second visit,
// when the browser can install it or on an iPhone's Safari; never once dismissed). Its card
// (install-card-body.tsx: the steps, the icons, Mantine's List) loads only when it shows, so a first
// visit, which never shows it, does not download it (issue 27).
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import {
  countPortalVisit,
  hasInstallPrompt,
  installState,
  installWay,
  isIosSafari,
  isStandalone,
  subscribeToInstallPrompt,
  type InstallWay,
} from '../../../lib/install-prompt';

const InstallCardBody = lazy(() => import('./install-card-body').then((m) => ({ default: m.InstallCardBody })));

function currentWay(visits: number): InstallWay {
  return installWay({
    visits,
    state: installState(),
    standalone: isStandalone(),
    promptAvailable: hasInstallPrompt(),
    iosSafari: isIosSafari(navigator.userAgent, navigator.maxTouchPoints),
  });
}

export function InstallCard() {
  const [visits] = useState(() => countPortalVisit());
  const way = useSyncExternalStore(subscribeToInstallPrompt, () => currentWay(visits), () => null);
  if (!way) return null;
  return (
    <Suspense fallback={null}>
      <InstallCardBody way={way} />
    </Suspense>
  );
}
