import { companies, everyPageIsReadable } from '../support/accessibility-journey';

everyPageIsReadable(companies.UKCB, 'dark');
