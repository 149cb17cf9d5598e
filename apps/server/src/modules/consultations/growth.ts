// The WHO growth assessment of a child or adolescent (POST /anthropometry/growth and the consultations'
// derived values): runs packages/domain's assessGrowth and turns its age limits into 400s with the
// contract's Spanish messages. No formula lives here.
import { GROWTH_AGE_MESSAGES, type GrowthRequest, type GrowthResponse } from '@almendra/contracts';
import { assessGrowth, GrowthAgeError } from '@almendra/domain/growth';
import { AppError } from '../../lib/errors.js';

export function growthAssessment(input: GrowthRequest): GrowthResponse {
  try {
    return assessGrowth(input);
  } catch (error) {
    if (error instanceof GrowthAgeError) {
      const path = error.problem === 'DATE_BEFORE_BIRTH' ? 'date' : 'birthDate';
      const message = GROWTH_AGE_MESSAGES[error.problem];
      throw new AppError('VALIDATION_ERROR', message, [{ path, message }]);
    }
    throw error;
  }
}
