import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '../lib/api-client';
import { paths, type FromState } from '../lib/paths';

/**
 * Connects the API client to the router: an expired session (spec §8) drops cached server data
 * and shows /login, remembering the page so signing in again leads back to it.
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
      const state: FromState = { from: { pathname, search, hash } };
      void navigate(paths.login, { replace: true, state });
    });
  }, [navigate, queryClient]);

  return null;
}
