import { useMemo } from 'react';
import { countryOptions } from 'shared-events';
import { useLanguage } from 'shared-events/react';
import { useT } from '../i18n/useT.ts';
import { regionsFor } from './countries.ts';
import { Field, SelectInput, TextInput } from './Field.tsx';

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
  const regions = useMemo(() => regionsFor(country), [country]);
  // A stored value we do not list (typed elsewhere, or an older record) stays selectable.
  const extraCountry = country && !countries.some((c) => c.value === country) ? country : null;
  const extraRegion = regions && region && !regions.includes(region) ? region : null;

  const changeCountry = (value: string) => {
    onChange('country', value);
    const next = regionsFor(value);
    if (region && (!next || !next.includes(region)) && (regions || next)) onChange('region', '');
  };

  return (
    <>
      <Field id={`${idPrefix}-country`} label={t('field.country')} optionalText={t('common.optional')} error={countryError}>
        {(control) => (
          <SelectInput control={control} name="country" autoComplete="country-name" value={country} onValue={changeCountry}>
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
