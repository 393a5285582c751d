// Localization
