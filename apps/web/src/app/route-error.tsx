// Error element of the professional's route tree: the route's error (a failed chunk, a lost connection,
// a loader's thrown Response, an unexpected error) on the error screen (error-screen.tsx, which the
// patient portal shows from its own error boundary, without react-router).
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';

export function RouteError() {
  const error = useRouteError();
  return <ErrorScreen error={error} status={isRouteErrorResponse(error) ? error.status : undefined} />;
}
