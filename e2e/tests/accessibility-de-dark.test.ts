import { companies, everyPageIsReadable } from '../support/accessibility-journey';

everyPageIsReadable(companies.DE, 'dark');
