// The navbar search's own Spotlight store: the navbar buttons open it, and the search reads whether it is
// open (a closed search lists nothing, see page-search-spotlight.tsx).
import { createSpotlight } from '@mantine/spotlight';

export const [pageSearchStore, pageSearch] = createSpotlight();
