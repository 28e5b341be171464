// Moved to the kit (the country input's autocomplete uses it); the lists still import it from here.
export { useCountryChoices } from '../../kit/countryChoices';
