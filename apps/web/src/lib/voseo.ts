// tú → vos for the server's messages; it lives in the contracts so the server speaks the same voseo.
export { toVoseo } from '@almendra/contracts/constants';
