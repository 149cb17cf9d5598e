// What the practice's app shell adds for chat and calls on every main screen: the floating chat (with
// at least 2 patients), a browser notification and a "(n)" tab title for messages that arrive while the
// tab is in the background, and the incoming-call notice (Accept opens /video-llamadas).
import { useEffect } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_QUERY } from '../../../lib/breakpoints';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { ChatMessage } from '@almendra/contracts';
import { api } from '../../../lib/api-client';
import { useRealtimeEvents } from '../../../lib/use-realtime';
import { IncomingCallNotice } from '../../video/components/call-screen';
import { callManager } from '../../video/lib/call-manager';
import { titleWithUnread, useUnreadTotal } from '../lib/unread';
import { FloatingChat } from './floating-chat';

export function ChatShell() {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const unread = useUnreadTotal();
  // On a phone the chat is the header's icon (chat-header-button.tsx): a floating button there covered
  // sticky save bars, dialog buttons and table values.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  // The spec shows the floating chat only to practices with at least 2 patients.
  const patients = useQuery({
    queryKey: ['patients', 'count-for-chat'],
    queryFn: () => api.get<{ total: number }>('/patients?limit=1'),
    staleTime: 5 * 60_000,
  });

  useEffect(() => {
    callManager.start('nutritionist');
  }, []);

  useEffect(() => {
    const update = () => {
      document.title = titleWithUnread(document.title, unread, document.hidden);
    };
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, [unread]);

  useRealtimeEvents(['chat.message'], (event) => {
    const message = event.message as ChatMessage;
    if (message.sender !== 'patient' || !document.hidden) return;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const notification = new Notification(t('chat.notificationTitle', { name: String(event.patientName ?? '') }).trim(), { body: message.text.slice(0, 140), tag: `chat-${String(event.patientId)}` });
    notification.onclick = () => {
      window.focus();
      void navigate(`/chat?paciente=${encodeURIComponent(String(event.patientId))}`);
    };
  });

  return (
    <>
      <IncomingCallNotice onAccept={() => void navigate('/video-llamadas')} />
      {/* /chat already shows every conversation full page. */}
      {(patients.data?.total ?? 0) >= 2 && pathname !== '/chat' && !phone && <FloatingChat unread={unread} />}
    </>
  );
}
