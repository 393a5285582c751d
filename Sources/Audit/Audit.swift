// Audit
