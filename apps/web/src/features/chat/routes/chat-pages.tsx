// Chat feature routes: /chat (placeholder until the feature lands).
import { IconMessages } from '@tabler/icons-react';
import { EmptyFeature } from '../../../components/empty-feature';

export const ChatPage = () => <EmptyFeature page="chat" icon={IconMessages} />;
