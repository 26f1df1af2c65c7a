import { useCallback, useEffect, useMemo, useState } from 'react';
import { countryOptions } from 'shared-events';
import { useLanguage } from 'shared-events/react';
import { afterLive } from '../auth/afterLive.ts';
import { useT } from '../i18n/useT.ts';
import { Field, SelectInput, TextInput } from './Field.tsx';

type RegionsFor = (country: string) => readonly string[] | null;

let loaded: RegionsFor | undefined;
let loading: Promise<RegionsFor> | undefined;

// The region lists are most of this part's code and matter only once a country is chosen: they come
// after the page is live, or as soon as the country field is used, whichever is first. Until then a
// chosen country's region is typed, and the select that replaces the box keeps what was typed.
function loadRegions(): Promise<RegionsFor> {
  loading ??= import(/* webpackChunkName: "account-regions" */ './countries.ts').then((m) => (loaded = m.regionsFor));
  loading.catch(() => (loading = undefined));
  return loading;
}

function useRegionLists(): [RegionsFor | undefined, () => Promise<RegionsFor>] {
  const [regionsFor, setRegionsFor] = useState(() => loaded);
  const load = useCallback(
    () =>
      loadRegions().then((next) => {
        setRegionsFor(() => next);
        return next;
      }),
    [],
  );
  useEffect(() => {
    if (!regionsFor) void afterLive().then(load, () => undefined);
  }, [regionsFor, load]);
  return [regionsFor, load];
}

interface Props {
  idPrefix: string;
  country: string;
  region: string;
  countryError?: string | undefined;
  regionError?: string | undefined;
  onChange(field: 'country' | 'region', value: string): void;
}

/** Country select, then Region/State: a select where we list regions, a text box elsewhere. */
export function CountryRegionFields({ idPrefix, country, region, countryError, regionError, onChange }: Props) {
  const t = useT();
  const lang = useLanguage();
  const countries = countryOptions(lang);
  const [regionsFor, loadRegionLists] = useRegionLists();
  const regions = useMemo(() => regionsFor?.(country) ?? null, [regionsFor, country]);
  // A stored value we do not list (typed elsewhere, or an older record) stays selectable.
  const extraCountry = country && !countries.some((c) => c.value === country) ? country : null;
  const extraRegion = regions && region && !regions.includes(region) ? region : null;

  const changeCountry = (value: string) => {
    onChange('country', value);
    if (!region) return;
    const clearStaleRegion = (lists: RegionsFor) => {
      const next = lists(value);
      if ((!next || !next.includes(region)) && (lists(country) || next)) onChange('region', '');
    };
    if (regionsFor) clearStaleRegion(regionsFor);
    else void loadRegionLists().then(clearStaleRegion, () => undefined);
  };

  return (
    <>
      <Field id={`${idPrefix}-country`} label={t('field.country')} optionalText={t('common.optional')} error={countryError}>
        {(control) => (
          <SelectInput
            control={control}
            name="country"
            autoComplete="country-name"
            value={country}
            onValue={changeCountry}
            onFocus={() => void loadRegionLists().catch(() => undefined)}
          >
            <option value="">{t('field.countryPlaceholder')}</option>
            {extraCountry && <option value={extraCountry}>{extraCountry}</option>}
            {countries.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectInput>
        )}
      </Field>
      <Field id={`${idPrefix}-region`} label={t('field.region')} optionalText={t('common.optional')} error={regionError}>
        {(control) =>
          regions ? (
            <SelectInput control={control} name="region" autoComplete="address-level1" value={region} onValue={(v) => onChange('region', v)}>
              <option value="">{t('field.regionPlaceholder')}</option>
              {extraRegion && <option value={extraRegion}>{extraRegion}</option>}
              {regions.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </SelectInput>
          ) : country || region ? (
            <TextInput control={control} name="region" autoComplete="address-level1" maxLength={100} value={region} onValue={(v) => onChange('region', v)} />
          ) : (
            <SelectInput control={control} name="region" value="" onValue={() => undefined} disabled>
              <option value="">{t('field.regionPickCountry')}</option>
            </SelectInput>
          )
        }
      </Field>
    </>
  );
}
