// Statistics feature routes: /estadisticas (placeholder until the feature lands).
import { IconChartBar } from '@tabler/icons-react';
import { EmptyFeature } from '../../../components/empty-feature';

export const StatisticsPage = () => <EmptyFeature page="statistics" icon={IconChartBar} />;
