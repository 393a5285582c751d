// DynamicType
