// The WHO growth assessment of the consultation being typed, computed in the browser by the same domain
// code as the server. The WHO tables (~100 KB) are fetched on demand, only for a patient under 19.
import type { GrowthAssessment, GrowthInput } from '@almendra/domain';
import { useEffect, useMemo, useState } from 'react';

type GrowthModule = typeof import('@almendra/domain/growth');

export function useGrowthPreview(input: GrowthInput | null): GrowthAssessment | null {
  const [growthModule, setGrowthModule] = useState<GrowthModule | null>(null);
  const wanted = input !== null;
  useEffect(() => {
    if (!wanted || growthModule) return;
    let live = true;
    void import('@almendra/domain/growth').then((loaded) => {
      if (live) setGrowthModule(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [wanted, growthModule]);
  const key = JSON.stringify(input);
  return useMemo(() => {
    if (!growthModule || key === 'null') return null;
    try {
      return growthModule.assessGrowth(JSON.parse(key) as GrowthInput);
    } catch {
      return null;
    }
  }, [growthModule, key]);
}
