import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '../lib/api-client';
import { announceLoginRequired } from '../lib/login-required';
import { paths, type FromState } from '../lib/paths';

/**
 * Connects the API client to the router: an expired session (spec §8) drops cached server data
 * and shows /login, remembering the page so signing in again leads back to it. On purchase
 * history it says why (spec §8, History): the page's own query never sees its 401, because the
 * page is gone by the time the error would reach it.
 */
export function SessionExpiryHandler() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const locationRef = useRef(location);

  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(() => {
    setSessionExpiredHandler(() => {
      queryClient.clear();
      const { pathname, search, hash } = locationRef.current;
      announceLoginRequired(pathname);
      const state: FromState = { from: { pathname, search, hash } };
      void navigate(paths.login, { replace: true, state });
    });
  }, [navigate, queryClient]);

  return null;
}
