// Marketing feature routes: /marketing (placeholder until the feature lands; the menu badge is live).
import { IconSpeakerphone } from '@tabler/icons-react';
import { EmptyFeature } from '../../../components/empty-feature';

export const MarketingPage = () => <EmptyFeature page="marketing" icon={IconSpeakerphone} />;
