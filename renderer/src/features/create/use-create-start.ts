/** The main button's wiring for the flow on screen: its price items, texts and actions. */
import { useCallback } from 'react';
import { useKiln } from '../../store/StoreProvider';
import { createActionText, createCostItems } from './create-plan';

/** What the main (Generate / Retexture) button of the current flow needs. */
export function useCreateStart() {
  const mode = useKiln((s) => s.createMode);
  const tier = useKiln((s) => s.createTier);
  const photoCount = useKiln((s) => s.photos.length);
  const validateCreate = useKiln((s) => s.validateCreate);
  const setErrors = useKiln((s) => s.setCreateErrors);
  const startCreate = useKiln((s) => s.startCreate);
  const validate = useCallback(() => {
    const errors = validateCreate();
    setErrors(errors);
    return Object.keys(errors).length === 0;
  }, [validateCreate, setErrors]);
  return {
    items: createCostItems(mode, tier, photoCount),
    ...createActionText(mode, photoCount),
    validate,
    run: startCreate,
  };
}
