import { Suspense } from 'react';
import { ScreenSpinner } from '../../components/ui';
import { RequireStaff } from '../guards/require-staff';
import { DashboardScreen } from '../lazy-screens';

/** /dashboard/*: the guard decides first; only staff ever request the dashboard's code. */
export function DashboardEntry() {
  return (
    <RequireStaff>
      <Suspense fallback={<ScreenSpinner />}>
        <DashboardScreen />
      </Suspense>
    </RequireStaff>
  );
}
