// Help and news routes: /ayuda and /novedades (placeholders until the features land).
import { IconHelp, IconNews } from '@tabler/icons-react';
import { EmptyFeature } from '../../../components/empty-feature';

export const HelpPage = () => <EmptyFeature page="help" icon={IconHelp} />;
export const NewsPage = () => <EmptyFeature page="news" icon={IconNews} />;
