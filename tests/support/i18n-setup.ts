/**
 * Unit tests run in English, the source language: Lingui's messages read as written in the code
 * (vitest keeps each message's source text), with no catalog to load.
 */
import { i18n } from '@lingui/core';

i18n.loadAndActivate({ locale: 'en', messages: {} });
