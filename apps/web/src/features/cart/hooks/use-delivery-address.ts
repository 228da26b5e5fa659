import { STORAGE_KEYS } from '@otaku/shared';
import { useState } from 'react';
import { storage } from '../../../lib/storage';

/** The delivery address, kept in localStorage so it survives a reload (spec §3, Cart state). */
export function useDeliveryAddress() {
  const [address, setAddressState] = useState(
    () => storage.get(STORAGE_KEYS.deliveryAddress) ?? '',
  );
  const setAddress = (value: string) => {
    setAddressState(value);
    storage.set(STORAGE_KEYS.deliveryAddress, value);
  };
  return [address, setAddress] as const;
}
