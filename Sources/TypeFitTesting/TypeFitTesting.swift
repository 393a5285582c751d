// TypeFitTesting
