// Notes feature routes: /nueva-nota (placeholder until the feature lands).
import { IconNote } from '@tabler/icons-react';
import { EmptyFeature } from '../../../components/empty-feature';

export const NewNotePage = () => <EmptyFeature page="newNote" icon={IconNote} />;
