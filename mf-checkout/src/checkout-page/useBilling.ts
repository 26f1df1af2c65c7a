import { useEffect, useState } from 'react';
import type { AuthUser } from 'shared-events';
import { useProfile } from 'shared-events/react';
import {
  emptyBilling,
  prefillFromProfile,
  prefillFromSession,
  validateBillingField,
  type Billing,
  type BillingErrors,
  type BillingField,
} from '../billing/billing.ts';

/**
 * The checkout's billing details: prefilled from the session and the shopper's profile, each field
 * checked again on blur once it was typed in (or once the shopper tried to pay).
 */
export function useBilling(user: AuthUser | null) {
  const [billing, setBilling] = useState<Billing>(() => prefillFromSession(emptyBilling, user));
  const [errors, setErrors] = useState<BillingErrors>({});
  const [dirty, setDirty] = useState<ReadonlySet<BillingField>>(new Set());
  const [attempted, setAttempted] = useState(false);

  // A shopper who signs in (or whose session arrives late) gets the name and email filled in.
  useEffect(() => {
    setBilling((current) => prefillFromSession(current, user));
  }, [user]);

  // mf-account publishes the shopper's own users/{uid} record ('account:profile'); the address
  // fills whatever the shopper has not typed yet.
  const profile = useProfile();
  useEffect(() => {
    setBilling((current) => prefillFromProfile(current, profile));
  }, [profile]);

  const change = (field: BillingField, value: string) => {
    setBilling((current) => ({ ...current, [field]: value }));
    setDirty((current) => (current.has(field) ? current : new Set(current).add(field)));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateBillingField(field, value) }));
  };

  const blur = (field: BillingField) => {
    if (!dirty.has(field) && !attempted) return;
    setErrors((current) => ({ ...current, [field]: validateBillingField(field, billing[field]) }));
  };

  return { billing, errors, setErrors, markAttempted: () => setAttempted(true), change, blur };
}
